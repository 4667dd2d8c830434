// subset-font 2.9 ships no types (and @types/subset-font describes 2.3, without noHinting): the part used here.
declare module "subset-font" {
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: { targetFormat?: "sfnt" | "woff" | "woff2" | "truetype"; noHinting?: boolean },
  ): Promise<Buffer>;
}
