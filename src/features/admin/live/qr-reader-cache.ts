import readerWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url'

/** The service worker's runtime cache for the QR reader's WebAssembly (vite.config.ts, runtimeCaching). */
const qrReaderCache = 'holdfast-qr-reader'

/**
 * Puts the QR reader's WebAssembly in the service worker's cache while the Proctor Room is open online, so the
 * scanner still starts once the room's network is gone. Students never download it: it is not precached.
 * A browser without Cache Storage, or a failed download, only means the reader needs the network later.
 */
export function keepQrReaderForOffline(): void {
  if (typeof caches === 'undefined') return
  void caches
    .open(qrReaderCache)
    .then(async (cache) => (await cache.match(readerWasmUrl)) ?? cache.add(readerWasmUrl))
    .catch(() => {})
}

export { readerWasmUrl }
