import { useEffect, useRef, useState } from 'react';

export interface CarouselItem {
  url: string;
  thumb?: string;
  alt: string;
  /** PDFs cannot be drawn as images: they show as a tile that downloads the file (never shown in the site). */
  isPdf?: boolean;
  /** The name a downloaded PDF is saved under. */
  fileName?: string;
}

/** Previous / next, thumbnails and a full-screen zoom overlay; `emptyText` when there is nothing to show. */
export function ImageCarousel({ items, emptyText }: { items: CarouselItem[]; emptyText: string }) {
  const [index, setIndex] = useState(0);
  const [zoom, setZoom] = useState(false);
  const zoomButton = useRef<HTMLButtonElement>(null);
  const closeZoomButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (index >= items.length) setIndex(0);
  }, [items.length, index]);
  // Focus moves into the overlay and back to the image when it closes, so keyboard users are never left behind it.
  const wasZoomed = useRef(false);
  useEffect(() => {
    if (zoom) closeZoomButton.current?.focus();
    else if (wasZoomed.current) zoomButton.current?.focus();
    wasZoomed.current = zoom;
  }, [zoom]);
  if (items.length === 0) {
    return (
      <div className="flex h-40 items-center justify-center rounded-lg border border-dashed border-slate-300 bg-slate-50 text-sm text-slate-500">
        {emptyText}
      </div>
    );
  }
  const current = items[Math.min(index, items.length - 1)] as CarouselItem;
  const go = (delta: number) => setIndex((i) => (i + delta + items.length) % items.length);
  const nav = 'absolute top-1/2 -translate-y-1/2 rounded-full bg-white/90 px-3 py-1 text-lg shadow hover:bg-white';
  return (
    <div>
      <div className="relative flex h-56 items-center justify-center overflow-hidden rounded-lg bg-slate-100 sm:h-72">
        {current.isPdf ? (
          <a
            href={current.url}
            download={current.fileName ?? ''}
            className="flex flex-col items-center gap-2 text-sm font-semibold text-brand-700 underline"
          >
            <span aria-hidden="true" className="text-4xl">
              📄
            </span>
            Download {current.alt} (PDF)
          </a>
        ) : (
          <button
            ref={zoomButton}
            type="button"
            onClick={() => setZoom(true)}
            className="h-full w-full cursor-zoom-in"
            aria-label={`Zoom ${current.alt}`}
          >
            <img src={current.url} alt={current.alt} className="h-full w-full object-contain" />
          </button>
        )}
        {items.length > 1 && (
          <>
            <button type="button" aria-label="Previous" className={`${nav} left-2`} onClick={() => go(-1)}>
              ‹
            </button>
            <button type="button" aria-label="Next" className={`${nav} right-2`} onClick={() => go(1)}>
              ›
            </button>
          </>
        )}
      </div>
      <p className="mt-1 text-center text-xs text-slate-500">
        {current.alt} ({index + 1} of {items.length})
      </p>
      {items.length > 1 && (
        <div className="mt-2 flex gap-2 overflow-x-auto pb-1">
          {items.map((item, i) => (
            <button
              type="button"
              key={item.url}
              onClick={() => setIndex(i)}
              aria-label={`Show ${item.alt}`}
              aria-current={i === index ? 'true' : undefined}
              className={`h-14 w-14 shrink-0 overflow-hidden rounded-md border-2 ${i === index ? 'border-brand-700' : 'border-transparent'}`}
            >
              {item.isPdf ? (
                <span className="flex h-full w-full items-center justify-center bg-slate-100 text-xs">PDF</span>
              ) : (
                <img src={item.thumb ?? item.url} alt="" className="h-full w-full object-cover" />
              )}
            </button>
          ))}
        </div>
      )}
      {zoom && !current.isPdf && (
        <div
          role="dialog"
          aria-modal="true"
          aria-label="Zoomed image"
          className="fixed inset-0 z-[100] flex items-center justify-center bg-black/85 p-4"
          onClick={() => setZoom(false)}
          onKeyDown={(e) => {
            // Escape closes only the zoom, not the modal dialog it sits in; Tab stays on the one control here.
            if (e.key !== 'Escape' && e.key !== 'Tab') return;
            e.preventDefault();
            e.stopPropagation();
            if (e.key === 'Escape') setZoom(false);
          }}
        >
          <img src={current.url} alt={current.alt} className="max-h-full max-w-full object-contain" />
          <button
            ref={closeZoomButton}
            type="button"
            onClick={() => setZoom(false)}
            className="absolute top-4 right-4 rounded-full bg-white px-3 py-1 text-sm font-semibold"
          >
            Close zoom
          </button>
        </div>
      )}
    </div>
  );
}
