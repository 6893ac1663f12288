// The browser's Back and Forward buttons, heard before the router hears them. React renders the router's
// update for a popstate at once, inside the event, so a page that refuses Back must hear it first; window
// listeners run in the order they were added (the capture phase changes nothing there), hence one listener
// added at start-up, before the router's, that hands the move to whoever refuses it at the time.

let refuse: (() => void) | null = null

/** Called once by main.tsx, before the router is rendered. */
export function listenForHistoryMoves(): void {
  window.addEventListener('popstate', () => refuse?.())
}

/** Until the returned function is called, `handler` hears every Back and Forward before the router does. */
export function refuseHistoryMoves(handler: () => void): () => void {
  refuse = handler
  return () => {
    if (refuse === handler) refuse = null
  }
}
