import { describe, expect, it, vi } from 'vitest';
import { captureTyped, restoreTyped } from './keep-typed.ts';

const serverHtml = `
  <form action="/products" method="get"><input id="catalog-q" name="q" type="search" value="toy"></form>
  <input id=":r1:" aria-label="Min price" value="">
  <input type="checkbox" aria-label="Verified sellers only">
  <select aria-label="Sort"><option value="">Relevance</option><option value="newest">Newest</option></select>
  <input type="password" name="password">`;

describe('what was typed before the takeover', () => {
  it('captures only the fields the visitor changed, with the focus and selection', () => {
    const root = document.createElement('div');
    root.innerHTML = serverHtml;
    document.body.append(root);
    const q = root.querySelector<HTMLInputElement>('#catalog-q');
    if (!q) throw new Error('no search box');
    q.value = 'wooden toys';
    q.focus();
    q.setSelectionRange(3, 6);
    root.querySelector<HTMLInputElement>('[type="checkbox"]')?.click();
    (root.querySelector('input[type="password"]') as HTMLInputElement).value = 'secret';
    const typed = captureTyped(root);
    expect(typed.fields.map((f) => f.value ?? f.checked)).toEqual(['wooden toys', true]);
    expect(typed.focus).toMatchObject({ start: 3, end: 6 });
    root.remove();
  });

  it("puts them into the app's fields through input events, and gives back the focus", () => {
    const server = document.createElement('div');
    server.innerHTML = serverHtml;
    document.body.append(server);
    const sq = server.querySelector<HTMLInputElement>('#catalog-q');
    if (!sq) throw new Error('no search box');
    sq.value = 'wooden';
    sq.focus();
    sq.setSelectionRange(6, 6);
    (server.querySelector('select') as HTMLSelectElement).value = 'newest';
    const typed = captureTyped(server);
    server.remove();

    // The app renders the same fields afresh (its generated ids differ) and listens to their events.
    const app = document.createElement('div');
    app.innerHTML = serverHtml.replace(':r1:', '«r7»');
    document.body.append(app);
    const onInput = vi.fn((e: Event) => (e.target as HTMLInputElement).value);
    const onChange = vi.fn((e: Event) => (e.target as HTMLSelectElement).value);
    app.addEventListener('input', onInput);
    app.addEventListener('change', onChange);
    restoreTyped(app, typed);
    const q = app.querySelector<HTMLInputElement>('#catalog-q');
    expect(q?.value).toBe('wooden');
    expect(onInput).toHaveReturnedWith('wooden');
    expect(onChange).toHaveReturnedWith('newest');
    expect(document.activeElement).toBe(q);
    expect(q?.selectionStart).toBe(6);
    app.remove();
  });
});
