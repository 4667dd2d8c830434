/** The first bytes of each image type the site takes. */
const IMAGE_MAGIC = {
  png: (b: Buffer) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  jpeg: (b: Buffer) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  webp: (b: Buffer) => b.subarray(0, 4).toString("ascii") === "RIFF" && b.subarray(8, 12).toString("ascii") === "WEBP",
} as const;
export type ImageType = keyof typeof IMAGE_MAGIC;

/**
 * An image sent as a data URL (a deposit slip, the site's banner), its shape already checked by the contract:
 * its bytes and type, or null when the bytes are not really the PNG, JPEG or WEBP its label claims (the
 * label is the client's word).
 */
export function decodeImageDataUrl(dataUrl: string): { bytes: Buffer; type: ImageType } | null {
  const type = dataUrl.slice("data:image/".length, dataUrl.indexOf(";"));
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64");
  if (!Object.hasOwn(IMAGE_MAGIC, type) || !IMAGE_MAGIC[type as ImageType](bytes)) return null;
  return { bytes, type: type as ImageType };
}
