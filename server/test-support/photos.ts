import sharp from "sharp";

/**
 * A JPEG photo of one colour, `width` by `height` as stored (an EXIF `orientation` may turn it when shown): for
 * the API tests' uploads and the browser tests' file pickers alike. It needs nothing of the server.
 */
export const jpegPhoto = (
  width: number,
  height: number,
  { colour = "#9c2a50", orientation }: { colour?: string; orientation?: number } = {},
) => {
  const image = sharp({ create: { width, height, channels: 3, background: colour } });
  return (orientation ? image.withMetadata({ orientation }) : image).jpeg().toBuffer();
};
