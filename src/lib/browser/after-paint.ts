/** Runs `work` once the browser has painted the current frame: what a screen fetches for later waits for it. */
export function afterPaint(work: () => void): void {
  requestAnimationFrame(() => setTimeout(work, 0))
}
