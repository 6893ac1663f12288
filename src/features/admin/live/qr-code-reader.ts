import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill'
import readerWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url'

// The reader's WebAssembly comes from this app's own files (bundled, and precached by the service worker
// so a proctor offline can still scan), never from the CDN the library would otherwise fetch it from.
prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? readerWasmUrl : prefix + path),
  },
})

/** Reads the QR codes in a video frame: their texts, none when it holds none. Loaded only when the proctor scans. */
export type QrCodeReader = (frame: HTMLVideoElement) => Promise<string[]>

export function createQrCodeReader(): QrCodeReader {
  const detector = new BarcodeDetector({ formats: ['qr_code'] })
  return async (frame) => (await detector.detect(frame)).map((code) => code.rawValue)
}
