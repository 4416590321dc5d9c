/**
 * What a visitor typed into a server-rendered page before the app took it over (ADR 0019: the app renders afresh
 * with createRoot over the server's HTML, which would drop it). `captureTyped` reads, just before the takeover, every
 * field whose value differs from the one the server sent, and which field had the focus and its selection;
 * `restoreTyped` puts them into the app's fields after its first render, through the events React listens to, so
 * they reach the components' state (a search box searches what was typed) rather than only the DOM.
 */

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

interface TypedField {
  key: string;
  value?: string;
  checked?: boolean;
}

export interface Typed {
  fields: TypedField[];
  focus?: { key: string; start: number | null; end: number | null };
}

const SKIPPED_TYPES = new Set(['hidden', 'file', 'password', 'submit', 'button', 'reset', 'image']);

/** An id React generated (useId: ":r1:", "«r1»") differs between the server's tree and the app's: not a name. */
const stableId = (id: string) => (id && !/[:«»]/.test(id) ? id : '');

/** What names a field on both sides: its tag, name, stable id, label and placeholder, and its place among equals. */
function keysOf(root: ParentNode): Map<Field, string> {
  const seen = new Map<string, number>();
  const out = new Map<Field, string>();
  for (const el of root.querySelectorAll<Field>('input, textarea, select')) {
    if (el instanceof HTMLInputElement && SKIPPED_TYPES.has(el.type)) continue;
    const base = [
      el.tagName,
      el instanceof HTMLInputElement ? el.type : '',
      el.getAttribute('name') ?? '',
      stableId(el.id),
      el.getAttribute('aria-label') ?? '',
      el.getAttribute('placeholder') ?? '',
    ].join('|');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.set(el, `${base}#${n}`);
  }
  return out;
}

function changed(el: Field): TypedField | undefined {
  if (el instanceof HTMLSelectElement) {
    // Without a `selected` attribute the first option is the one the server's HTML shows.
    const options = Array.from(el.options);
    const initial = (options.find((o) => o.defaultSelected) ?? options[0])?.value ?? '';
    return el.value !== initial ? { key: '', value: el.value } : undefined;
  }
  if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) {
    return el.checked !== el.defaultChecked ? { key: '', checked: el.checked } : undefined;
  }
  return el.value !== el.defaultValue ? { key: '', value: el.value } : undefined;
}

export function captureTyped(root: ParentNode, active: Element | null = document.activeElement): Typed {
  const keys = keysOf(root);
  const fields: TypedField[] = [];
  for (const [el, key] of keys) {
    const c = changed(el);
    if (c) fields.push({ ...c, key });
  }
  const typed: Typed = { fields };
  const focusKey = active ? keys.get(active as Field) : undefined;
  if (focusKey) {
    const el = active as HTMLInputElement;
    let start: number | null = null;
    let end: number | null = null;
    try {
      start = el.selectionStart ?? null;
      end = el.selectionEnd ?? null;
    } catch {
      // Inputs without a text selection (e.g. type="email" in some engines) throw: keep the focus only.
    }
    typed.focus = { key: focusKey, start, end };
  }
  return typed;
}

/** Sets a field's value the way the browser does on typing, so React's onChange sees it. */
function setValue(el: Field, value: string) {
  const proto = Object.getPrototypeOf(el) as object;
  const setter = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
  if (setter) setter.call(el, value);
  else el.value = value;
  el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

export function restoreTyped(root: ParentNode, typed: Typed): void {
  if (!typed.fields.length && !typed.focus) return;
  const byKey = new Map<string, Field>();
  for (const [el, key] of keysOf(root)) byKey.set(key, el);
  for (const f of typed.fields) {
    const el = byKey.get(f.key);
    if (!el || el.disabled) continue;
    if (f.checked !== undefined && el instanceof HTMLInputElement) {
      if (el.checked !== f.checked) el.click();
    } else if (f.value !== undefined && el.value !== f.value) {
      setValue(el, f.value);
    }
  }
  const focus = typed.focus ? byKey.get(typed.focus.key) : undefined;
  if (focus && typed.focus) {
    focus.focus({ preventScroll: true });
    const { start, end } = typed.focus;
    if (start !== null && end !== null && !(focus instanceof HTMLSelectElement)) {
      try {
        focus.setSelectionRange(start, end);
      } catch {
        // Not a text field: the focus is enough.
      }
    }
  }
}
