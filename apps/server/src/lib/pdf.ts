import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';

/**
 * Text in any of the product's languages for pdfkit documents. The PDF base-14 fonts (Helvetica) know Latin-1
 * only, so a Devanagari name came out as mojibake. Text is set in Noto fonts from npm packages (never from the
 * system), embedded as subsets: Noto Sans for Latin (and the rupee sign), Noto Sans Devanagari for Devanagari,
 * Noto Emoji (monochrome) for emoji. Each character is drawn by the first of those fonts that has it, preferring
 * the font made for its script; a character none has is drawn as the main font's missing-glyph box.
 *
 * pdfkit sets one font per text call and puts each call's top, not its baseline, where it is told, so mixed-font
 * text is laid out here: words are wrapped to the width, each line's runs share one baseline, and each run in
 * Devanagari or emoji carries its logical text as /ActualText, so copying or extracting it gives the characters as
 * typed (the shaped glyphs are in visual order: the vowel sign of "लि" is drawn before its consonant).
 */

type Face = 'sans' | 'deva' | 'emoji';
type Weight = 'regular' | 'bold';

const resolve = createRequire(import.meta.url).resolve;
const FILES: Record<Face, Record<Weight, string>> = {
  sans: {
    regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  },
  deva: {
    regular: '@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf',
  },
  // One weight: the monochrome emoji's bold would add a megabyte for little.
  emoji: {
    regular: '@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf',
    bold: '@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf',
  },
};
const FACES: Face[] = ['sans', 'deva', 'emoji'];

interface LoadedFace {
  font: fontkit.Font;
  /** Ascent and descent per point of font size. */
  ascent: number;
  descent: number;
}

let loaded: Record<Face, Record<Weight, LoadedFace>> | undefined;

/** Reads the font files once per process (about 2.5 MB); a missing package fails the first PDF, loudly. */
function faces() {
  if (!loaded) {
    const load = (path: string): LoadedFace => {
      const data = readFileSync(resolve(path));
      const font = fontkit.create(data) as fontkit.Font;
      return { font, ascent: font.ascent / font.unitsPerEm, descent: -font.descent / font.unitsPerEm };
    };
    const byPath = new Map<string, LoadedFace>();
    const get = (path: string) => byPath.get(path) ?? byPath.set(path, load(path)).get(path);
    loaded = Object.fromEntries(
      FACES.map((f) => [f, { regular: get(FILES[f].regular), bold: get(FILES[f].bold) }]),
    ) as Record<Face, Record<Weight, LoadedFace>>;
  }
  return loaded;
}

/**
 * Loads the fonts and builds their layout tables ahead of the first PDF (about a second of CPU on this machine's
 * cores), so the first invoice does not hold the event loop for it. Called once the server listens.
 */
export function warmUpPdfFonts() {
  const f = faces();
  for (const face of FACES) {
    for (const weight of ['regular', 'bold'] as const) f[face][weight].font.layout('Ag क्षि ₹ 🙏');
  }
}

const fontName = (face: Face, weight: Weight) => `ub-${face}-${weight}`;

/**
 * Registers the fonts with a document; `PdfText` draws with them. The parsed fonts are shared by every document
 * (pdfkit takes a fontkit font as a source): parsing Noto Sans's layout tables again for each invoice cost more
 * than drawing it.
 */
export function unicodeText(doc: PDFKit.PDFDocument): PdfText {
  const f = faces();
  for (const face of FACES) {
    for (const weight of ['regular', 'bold'] as const) {
      doc.registerFont(fontName(face, weight), f[face][weight].font as unknown as PDFKit.Mixins.PDFFontSource);
    }
  }
  doc.font(fontName('sans', 'regular'));
  return new PdfText(doc);
}

const DEVANAGARI = /[\u0900-\u097F\uA8E0-\uA8FF\u1CD0-\u1CFF]/u;
const EMOJI = /[\u{1F000}-\u{1FAFF}\u2600-\u27BF\u2B00-\u2BFF]/u;
/** Characters that belong to the run before them: marks, joiners, variation selectors, skin tones, tags. */
const STICKY = /^(?:\p{M}|\u200C|\u200D|[\uFE00-\uFE0F\u{1F3FB}-\u{1F3FF}\u{E0020}-\u{E007F}])$/u;
/** Spaces, punctuation and digits are common to scripts: they stay in the current run when its font has them. */
const COMMON = /[\p{Zs}\p{P}\p{N}]/u;

function preference(ch: string): Face[] {
  if (DEVANAGARI.test(ch)) return ['deva', 'sans', 'emoji'];
  if (EMOJI.test(ch)) return ['emoji', 'sans', 'deva'];
  return FACES;
}

interface Run {
  face: Face;
  text: string;
}

/** Splits text into runs of one font each. */
function runsOf(text: string, weight: Weight): Run[] {
  const f = faces();
  const runs: Run[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0) as number;
    const last = runs.at(-1);
    if (last && (STICKY.test(ch) || (COMMON.test(ch) && f[last.face][weight].font.hasGlyphForCodePoint(cp)))) {
      last.text += ch;
      continue;
    }
    const face = preference(ch).find((x) => f[x][weight].font.hasGlyphForCodePoint(cp)) ?? 'sans';
    if (last && last.face === face) last.text += ch;
    else runs.push({ face, text: ch });
  }
  return runs;
}

export interface Span {
  text: string;
  bold?: boolean;
}

export interface TextOptions {
  width: number;
  size: number;
  align?: 'left' | 'right' | 'center';
  bold?: boolean;
}

interface Piece {
  face: Face;
  weight: Weight;
  text: string;
  width: number;
}
interface Word {
  pieces: Piece[];
  width: number;
  /** Width of the space before it (0 at the start of a line or after a hard break). */
  space: number;
  /** A hard line break comes before this word. */
  newline: boolean;
}
interface Line {
  pieces: Array<Piece & { x: number }>;
  width: number;
  ascent: number;
  height: number;
}

export class PdfText {
  constructor(private readonly doc: PDFKit.PDFDocument) {}

  private measure(face: Face, weight: Weight, size: number, text: string) {
    return this.doc.font(fontName(face, weight)).fontSize(size).widthOfString(text);
  }

  private pieces(text: string, weight: Weight, size: number): Piece[] {
    return runsOf(text, weight).map((r) => ({ ...r, weight, width: this.measure(r.face, weight, size, r.text) }));
  }

  /** Words of the spans, a word longer than the width cut between graphemes (never inside a Devanagari cluster). */
  private words(spans: Span[], o: TextOptions): Word[] {
    const words: Word[] = [];
    let pendingSpace = 0;
    let newline = false;
    for (const span of spans) {
      const weight: Weight = (span.bold ?? o.bold) ? 'bold' : 'regular';
      for (const token of span.text.replace(/\r\n?/g, '\n').split(/([^\S\n]+|\n)/)) {
        if (token === '') continue;
        if (token === '\n') {
          newline = true;
          pendingSpace = 0;
          continue;
        }
        if (/^\s+$/.test(token)) {
          pendingSpace = this.measure('sans', weight, o.size, ' ');
          continue;
        }
        const pieces = this.pieces(token, weight, o.size);
        const width = pieces.reduce((s, p) => s + p.width, 0);
        if (width <= o.width) {
          words.push({ pieces, width, space: pendingSpace, newline });
        } else {
          let first = true;
          for (const chunk of this.cut(token, weight, o)) {
            words.push({ ...chunk, space: first ? pendingSpace : 0, newline: first && newline });
            first = false;
          }
        }
        pendingSpace = 0;
        newline = false;
      }
    }
    return words;
  }

  private cut(token: string, weight: Weight, o: TextOptions) {
    const chunks: Array<{ pieces: Piece[]; width: number }> = [];
    let text = '';
    for (const { segment } of new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(token)) {
      const next = text + segment;
      if (text && this.pieces(next, weight, o.size).reduce((s, p) => s + p.width, 0) > o.width) {
        const pieces = this.pieces(text, weight, o.size);
        chunks.push({ pieces, width: pieces.reduce((s, p) => s + p.width, 0) });
        text = segment;
      } else {
        text = next;
      }
    }
    const pieces = this.pieces(text, weight, o.size);
    chunks.push({ pieces, width: pieces.reduce((s, p) => s + p.width, 0) });
    return chunks;
  }

  private lines(spans: Span[], o: TextOptions): Line[] {
    const f = faces();
    const lines: Line[] = [];
    let current: Line | undefined;
    const close = () => {
      if (!current) return;
      const used = current.pieces.length ? current.pieces : [{ face: 'sans' as Face, weight: 'regular' as Weight }];
      const ascent = Math.max(...used.map((p) => f[p.face][p.weight].ascent)) * o.size;
      const descent = Math.max(...used.map((p) => f[p.face][p.weight].descent)) * o.size;
      lines.push({ ...current, ascent, height: ascent + descent });
      current = undefined;
    };
    for (const w of this.words(spans, o)) {
      if (current && (w.newline || current.width + w.space + w.width > o.width)) close();
      const start = current ? current.width + w.space : 0;
      current ??= { pieces: [], width: 0, ascent: 0, height: 0 };
      let x = start;
      for (const p of w.pieces) {
        current.pieces.push({ ...p, x });
        x += p.width;
      }
      current.width = x;
    }
    if (!current && !lines.length) current = { pieces: [], width: 0, ascent: 0, height: 0 };
    close();
    return lines;
  }

  /**
   * Marks what `draw` writes with its logical text (/ActualText), inside the text object: pdfkit wraps each text
   * call in its own flipped coordinate system (q cm BT ... ET Q), and a marked span around that (markContent) is
   * read by poppler at the wrong place on the page. A span inside BT ... ET is what Chrome's PDFs do.
   */
  private withActualText(text: string, draw: () => void) {
    const doc = this.doc;
    const original = doc.addContent;
    const add = (data: unknown) => original.call(doc, data);
    const actual = `/Span <</ActualText <FEFF${Buffer.from(text, 'utf16le').swap16().toString('hex')}>>> BDC`;
    doc.addContent = (data: unknown) => {
      if (data === 'ET') add('EMC');
      add(data);
      if (data === 'BT') add(actual);
      return doc;
    };
    try {
      draw();
    } finally {
      doc.addContent = original;
    }
  }

  /** The height the text takes at this width, as `draw` would set it. */
  height(text: string | Span[], o: TextOptions): number {
    return this.lines(typeof text === 'string' ? [{ text }] : text, o).reduce((s, l) => s + l.height, 0);
  }

  /** Draws the text from (x, y) wrapped to the width, leaves doc.y below it, and answers its height. */
  draw(text: string | Span[], x: number, y: number, o: TextOptions): number {
    const f = faces();
    let top = y;
    for (const line of this.lines(typeof text === 'string' ? [{ text }] : text, o)) {
      const shift = o.align === 'right' ? o.width - line.width : o.align === 'center' ? (o.width - line.width) / 2 : 0;
      const baseline = top + line.ascent;
      for (const p of line.pieces) {
        const draw = () =>
          this.doc
            .font(fontName(p.face, p.weight))
            .fontSize(o.size)
            .text(p.text, x + shift + p.x, baseline - f[p.face][p.weight].ascent * o.size, { lineBreak: false });
        if (p.face === 'sans') draw();
        else this.withActualText(p.text, draw);
      }
      top += line.height;
    }
    this.doc.x = x;
    this.doc.y = top;
    return top - y;
  }
}
