/**
 * Phoenix channel messages on the wire. Serializer 2.0.0 (realtime-js' default) sends JSON
 * arrays `[join_ref, ref, topic, event, payload]`; 1.0.0 sends objects, and Phoenix's 1.0.0
 * serializer leaves `join_ref` out of what it sends.
 */
export type SerializerVersion = '1.0.0' | '2.0.0'

export const serializerVersions: readonly SerializerVersion[] = ['1.0.0', '2.0.0']

export interface PhoenixMessage {
  joinRef: string | null
  ref: string | null
  topic: string
  event: string
  payload: unknown
}

/** The message in a text frame, or undefined when the frame is not one. */
export function decodeFrame(vsn: SerializerVersion, text: string): PhoenixMessage | undefined {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return undefined
  }
  const fields = vsn === '2.0.0' ? arrayFields(parsed) : objectFields(parsed)
  if (!fields) return undefined
  const [joinRef, ref, topic, event, payload] = fields
  if (typeof topic !== 'string' || typeof event !== 'string') return undefined
  return { joinRef: refText(joinRef), ref: refText(ref), topic, event, payload: payload ?? {} }
}

/** A text frame with `payloadJson` (already serialized: a change is serialized once for every subscriber). */
export function encodeFrame(vsn: SerializerVersion, message: Omit<PhoenixMessage, 'payload'>, payloadJson: string): string {
  const { joinRef, ref, topic, event } = message
  return vsn === '2.0.0'
    ? `[${JSON.stringify(joinRef)},${JSON.stringify(ref)},${JSON.stringify(topic)},${JSON.stringify(event)},${payloadJson}]`
    : `{"topic":${JSON.stringify(topic)},"event":${JSON.stringify(event)},"payload":${payloadJson},"ref":${JSON.stringify(ref)}}`
}

function arrayFields(parsed: unknown): unknown[] | undefined {
  return Array.isArray(parsed) && parsed.length === 5 ? parsed : undefined
}

function objectFields(parsed: unknown): unknown[] | undefined {
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined
  const { join_ref, ref, topic, event, payload } = parsed as Record<string, unknown>
  return [join_ref, ref, topic, event, payload]
}

function refText(value: unknown): string | null {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null
}
