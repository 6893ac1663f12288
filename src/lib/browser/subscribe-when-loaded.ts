/**
 * A subscription whose code is loaded on demand (a lazily imported module): made once `subscribe` resolves,
 * never made if it is ended before then. Returns the function that ends it.
 */
export function subscribeWhenLoaded(subscribe: () => Promise<() => void>): () => void {
  let ended = false
  let unsubscribe = () => {}
  subscribe().then(
    (stop) => (ended ? stop() : (unsubscribe = stop)),
    (error: unknown) => console.warn('Holdfast could not load the code of a subscription:', error),
  )
  return () => {
    ended = true
    unsubscribe()
  }
}
