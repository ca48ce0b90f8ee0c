/**
 * The Phoenix wire format realtime-js speaks with `vsn=2.0.0`: text frames are JSON arrays
 * `[join_ref, ref, topic, event, payload]`; a client's broadcast may come as a binary frame
 * (kind 3, "user broadcast push"), and a binary broadcast goes out as kind 4.
 */
export interface Message {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: unknown;
}

/** A client broadcast sent as a binary frame: its payload stays bytes unless JSON-encoded. */
export interface BinaryBroadcast extends Message {
  event: 'broadcast';
  /** The user's event name (`payload.event` of the text form). */
  userEvent: string;
  /** The payload's bytes when the client sent binary data (encoding 0). */
  bytes?: Buffer;
}

const USER_BROADCAST_PUSH = 3;
const USER_BROADCAST = 4;
const JSON_ENCODING = 1;
const BINARY_ENCODING = 0;

const optionalString = (value: unknown): string | null =>
  typeof value === 'string' ? value : value === null || value === undefined ? null : String(value);

/** The message in a frame, or undefined for anything that is not one (ignored, as Phoenix does). */
export function decodeFrame(
  data: Buffer,
  isBinary: boolean,
): Message | BinaryBroadcast | undefined {
  if (isBinary) return decodeBinary(data);
  let parsed: unknown;
  try {
    parsed = JSON.parse(data.toString('utf8'));
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed) || parsed.length !== 5) return undefined;
  const [joinRef, ref, topic, event, payload] = parsed as unknown[];
  if (typeof topic !== 'string' || typeof event !== 'string') return undefined;
  return { joinRef: optionalString(joinRef), ref: optionalString(ref), topic, event, payload };
}

function decodeBinary(data: Buffer): BinaryBroadcast | undefined {
  if (data.length < 7 || data[0] !== USER_BROADCAST_PUSH) return undefined;
  const lengths = [data[1]!, data[2]!, data[3]!, data[4]!, data[5]!];
  const encoding = data[6]!;
  let offset = 7;
  const [joinRef, ref, topic, userEvent, meta] = lengths.map((length) => {
    const text = data.subarray(offset, offset + length).toString('utf8');
    offset += length;
    return text;
  }) as [string, string, string, string, string];
  if (offset > data.length) return undefined;
  const body = data.subarray(offset);
  let payload: unknown;
  let bytes: Buffer | undefined;
  if (encoding === JSON_ENCODING) {
    try {
      payload = JSON.parse(body.toString('utf8'));
    } catch {
      return undefined;
    }
  } else if (encoding === BINARY_ENCODING) {
    bytes = Buffer.from(body);
  } else return undefined;
  let metadata: Record<string, unknown> = {};
  if (meta) {
    try {
      metadata = JSON.parse(meta) as Record<string, unknown>;
    } catch {
      return undefined;
    }
  }
  return {
    joinRef: joinRef || null,
    ref: ref || null,
    topic,
    event: 'broadcast',
    userEvent,
    payload: { ...metadata, type: 'broadcast', event: userEvent, payload },
    bytes,
  };
}

export function encodeMessage(message: Message): string {
  return JSON.stringify([
    message.joinRef,
    message.ref,
    message.topic,
    message.event,
    message.payload,
  ]);
}

/** A broadcast whose payload is bytes, as realtime-js decodes it (kind 4, binary encoding). */
export function encodeBinaryBroadcast(topic: string, userEvent: string, bytes: Buffer): Buffer {
  const topicBytes = Buffer.from(topic, 'utf8');
  const eventBytes = Buffer.from(userEvent, 'utf8');
  const header = Buffer.from([
    USER_BROADCAST,
    topicBytes.length,
    eventBytes.length,
    0,
    BINARY_ENCODING,
  ]);
  return Buffer.concat([header, topicBytes, eventBytes, bytes]);
}
