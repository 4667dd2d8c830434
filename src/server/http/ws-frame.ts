import type { Socket } from "./live-sockets";

/**
 * A message built once as a whole WebSocket frame (RFC 6455 §5.2: final, unmasked, server to client) and
 * written as it is to every socket it goes to (docs/decisions/068): `ws` would build the frame's header
 * again for each socket and write header and payload as two buffers.
 */
export interface BuiltFrame {
  payload: Buffer;
  binary: boolean;
  frame: Buffer;
}

export function buildFrame(payload: Buffer, binary: boolean): BuiltFrame {
  const n = payload.length;
  const head = n < 126 ? 2 : n < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(head + n);
  frame[0] = 0x80 | (binary ? 0x2 : 0x1);
  if (n < 126) frame[1] = n;
  else if (n < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(n, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(n), 2);
  }
  payload.copy(frame, head);
  return { payload, binary, frame };
}

/**
 * Bytes a watcher may leave unread in the server's memory (beyond what the kernel holds for it) before
 * it is cut off: about ten seconds of a busy round's shots. It reconnects from its last shot and catches
 * up from the database, so a slow phone costs a read, not the server's memory (docs/decisions/068).
 */
export const MAX_UNREAD_BYTES = 256 * 1024;

/** The parts of a `ws` socket (ws 8) a built frame is written through. */
type WsInner = {
  _socket?: { write(b: Buffer): boolean; writableLength: number } | null;
  _sender?: { _state: number; _queue: unknown[] };
};

/**
 * Writes a built frame to an open socket: straight to its TCP socket when `ws` has nothing of its own
 * waiting (it queues only while compressing, which these feeds do not), else through `ws`. A socket
 * whose reader has fallen MAX_UNREAD_BYTES behind is terminated instead; false when nothing was written.
 */
export function sendBuilt(socket: Socket, built: BuiltFrame): boolean {
  if (socket.readyState !== 1) return false;
  const inner = socket as unknown as WsInner;
  const tcp = inner._socket;
  if (tcp && tcp.writableLength > MAX_UNREAD_BYTES) {
    socket.terminate();
    return false;
  }
  if (tcp && inner._sender && inner._sender._state === 0 && inner._sender._queue.length === 0) tcp.write(built.frame);
  else socket.send(built.payload, { binary: built.binary });
  return true;
}
