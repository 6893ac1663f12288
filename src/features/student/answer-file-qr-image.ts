import { correction, generate, mode } from 'lean-qr'
import { toSvgPath } from 'lean-qr/extras/svg'

/**
 * The largest QR code the answer file may take (version 25: 117 modules a side), so that a proctor's phone
 * still reads it off a phone screen; a 50-answer file with a 200-character name needs far less.
 */
export const answerFileQrMaxVersion = 25

/** A QR code as an SVG path in module units, `size` modules a side (without the quiet zone). */
export interface QrCodeImage {
  size: number
  path: string
}

/**
 * The QR code of an answer file's QR text at error correction M at least (a screen seen through a camera
 * loses some modules to glare). Throws if the text does not fit. This module is loaded only when the answer
 * file is offered, so the encoder never weighs on the exam's first screen.
 */
export function answerFileQrImage(text: string): QrCodeImage {
  const code = generate(text, {
    modes: [mode.numeric, mode.alphaNumeric, mode.ascii, mode.utf8],
    minCorrectionLevel: correction.M,
    maxVersion: answerFileQrMaxVersion,
  })
  return { size: code.size, path: toSvgPath(code) }
}
