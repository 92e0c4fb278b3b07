// One 'abort' listener per signal, however many requests and waits of a run
// are pending on it. A run of many wikis has up to MAX_PARALLEL requests in
// flight on the run's one signal: a listener each passed Node's limit of 10
// and printed "Possible EventTarget memory leak detected" to the user.

const callbacksOf = new WeakMap<AbortSignal, Set<() => void>>();

/** Calls `callback` once when `signal` aborts; the returned function forgets it (call it when the work ends). */
export function onAbort(signal: AbortSignal | undefined, callback: () => void): () => void {
  if (!signal) return forgetNothing;
  const mine = callbacksOf.get(signal) ?? listenOnce(signal);
  let called = false;
  const once = () => {
    if (called) return;
    called = true;
    callback();
  };
  mine.add(once);
  return () => void mine.delete(once);
}

/**
 * The signal's one listener and its set of callbacks. Made apart from onAbort: a closure made in
 * onAbort would share its scope, and the listener, which lives as long as the signal, would keep
 * the first caller's callback (and the request it stops) for the whole run.
 */
function listenOnce(signal: AbortSignal): Set<() => void> {
  const pending = new Set<() => void>();
  callbacksOf.set(signal, pending);
  signal.addEventListener(
    'abort',
    () => {
      callbacksOf.delete(signal);
      for (const call of [...pending]) call();
      pending.clear();
    },
    { once: true },
  );
  return pending;
}

function forgetNothing(): void {}
