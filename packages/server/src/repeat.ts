/**
 * Runs `task` after `firstAfterMs`, then every `everyMs`, while the server runs (the timers do
 * not keep the process alive). Answers a function that stops it.
 */
export function repeat(
  task: () => unknown,
  { firstAfterMs, everyMs }: { firstAfterMs: number; everyMs: number },
): () => void {
  const first = setTimeout(task, firstAfterMs);
  const timer = setInterval(task, everyMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
