import { useMemo } from 'react'
import type { AnswerFile } from '../../domain/answer-file'
import { answerFileToQrText } from '../../domain/answer-file-qr'
import { answerFileQrImage, type QrCodeImage } from './answer-file-qr-image'
import './answer-file-qr-code.css'

/** The blank margin a reader needs around a QR code, in modules (ISO/IEC 18004). */
const quietZone = 4

const answerFileQrLabel = 'QR code of your answer file: show it to your proctor to scan'

/**
 * The answer file as a QR code the proctor's phone scans in the Proctor Room. Black on white whatever the
 * theme, since readers expect dark modules on a light ground. A file too large for a readable code (only
 * a name far beyond any real one) shows nothing here: the download button still hands the file over.
 */
export default function AnswerFileQrCode({ file }: { file: AnswerFile }) {
  const image = useMemo(() => qrImageOrNull(answerFileToQrText(file)), [file])
  if (!image) return null
  const side = image.size + 2 * quietZone
  return (
    <svg
      className="answer-file-qr"
      role="img"
      aria-label={answerFileQrLabel}
      viewBox={`${-quietZone} ${-quietZone} ${side} ${side}`}
      shapeRendering="crispEdges"
    >
      <rect x={-quietZone} y={-quietZone} width={side} height={side} fill="#fff" />
      <path d={image.path} fill="#000" />
    </svg>
  )
}

function qrImageOrNull(text: string): QrCodeImage | null {
  try {
    return answerFileQrImage(text)
  } catch {
    return null
  }
}
