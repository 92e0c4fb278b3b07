// The image grid's pictures in the panel, loaded lazily: a picture's URL
// waits in `data-href` (chartDom.ts) and becomes its `href` when it comes
// near the screen, only when the run has a trusted wiki origin (the host
// gives `imageOrigin` only then: client/src/run/imageOrigin.ts) and the URL
// is on it. The page's CSP allows that origin and no other, so a URL that
// slipped past both would still not load. In an untrusted workspace nothing loads.

/** Pictures this far below the visible part start loading (px). */
const AHEAD = '300px';

export class GridImages {
  private observer: IntersectionObserver | undefined;

  /** Watches the pictures drawn in `canvas`; with no origin, none is loaded. */
  watch(canvas: Element, origin: string | undefined): void {
    this.observer?.disconnect();
    this.observer = undefined;
    if (!origin) return;
    const waiting = [...canvas.querySelectorAll('image[data-href]:not([href])')];
    if (!waiting.length) return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          observer.unobserve(entry.target);
          load(entry.target, origin);
        }
      },
      { rootMargin: AHEAD },
    );
    for (const image of waiting) observer.observe(image);
    this.observer = observer;
  }
}

function load(image: Element, origin: string): void {
  const url = image.getAttribute('data-href') ?? '';
  let sameOrigin = false;
  try {
    sameOrigin = new URL(url).origin === origin;
  } catch {
    sameOrigin = false;
  }
  if (!sameOrigin) return;
  // The state shows (panel.css): a picture that failed leaves its frame and name, marked.
  image.addEventListener('load', () => image.setAttribute('data-state', 'loaded'), { once: true });
  image.addEventListener('error', () => image.setAttribute('data-state', 'failed'), { once: true });
  image.setAttribute('href', url);
}
