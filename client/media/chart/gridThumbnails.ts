// The image grid's line about thumbnails, under the Chart view's tools: the
// thumbnail parameters the grid added to the run, with a button that runs
// the query as written again; or, when the query lacks them, a button that
// runs it again with them (the host adds them: client/src/run/runController.ts).
// Which ones are missing is read from the run's request URL by the shared
// rule (common/src/chart/files.ts `thumbnailParams`). Text only.

import { thumbnailParams } from '../../../common/src/chart/files';
import { el, makeButton } from '../dom';

export interface ThumbnailRun {
  requestUrl: string;
  addedParams?: string[];
}

export class GridThumbnails {
  readonly element = el('div', 'grid-thumbnails');
  private readonly words = el('span', 'grid-thumbnails-words');
  private readonly button: HTMLButtonElement;
  private ask = false;
  private shown = '';

  constructor(onAsk: (ask: boolean) => void) {
    this.button = makeButton('', () => onAsk(this.ask), 'btn secondary small');
    this.element.append(this.words, this.button);
    this.element.hidden = true;
  }

  /** Shows the line for a run drawn as a grid (hidden for other kinds, or when nothing is to say). */
  update(run: ThumbnailRun | undefined, isGrid: boolean): void {
    const added = run?.addedParams ?? [];
    const missing = run && isGrid && !added.length ? thumbnailParams(paramsOf(run.requestUrl)).map((p) => `${p.name}=${p.value}`) : [];
    const key = `${isGrid}\u0000${added.join('&')}\u0000${missing.join('&')}`;
    if (key === this.shown) return;
    this.shown = key;
    this.element.hidden = !isGrid || (!added.length && !missing.length);
    if (this.element.hidden) return;
    this.ask = !added.length;
    this.words.textContent = added.length
      ? `Thumbnails asked of the wiki: ${added.join(', ')}`
      : `The query asks for no thumbnails: ${missing.join(', ')} would`;
    this.button.textContent = added.length ? 'Run as written' : 'Run with thumbnails';
  }
}

function paramsOf(requestUrl: string): { name: string; value: string }[] {
  try {
    return [...new URL(requestUrl).searchParams].map(([name, value]) => ({ name, value }));
  } catch {
    return [];
  }
}
