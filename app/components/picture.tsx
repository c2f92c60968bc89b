import { preload } from "react-dom";
import type { Picture } from "#contract/catalog";

/** The widest file of a `srcset` ("a.avif 320w, b.avif 640w" → "b.avif"). */
const widestOf = (srcSet: string) => srcSet.split(",").at(-1)!.trim().split(/\s+/)[0]!;

/**
 * A responsive AVIF/WebP image with its intrinsic size set, so the page never jumps while it loads. A
 * `priority` picture (the first a page shows) is also preloaded from the head, at high priority: the browser
 * asks for it with the first bytes of the page, before the stylesheet and the scripts (React writes the link;
 * it does not for an `<img>` inside `<picture>`). A browser without AVIF skips the preload and finds the WebP
 * in the page.
 */
export function ResponsivePicture({
  picture,
  sizes,
  className = "",
  priority = false,
  alt,
}: {
  picture: Picture | null;
  sizes: string;
  className?: string;
  priority?: boolean;
  alt?: string;
}) {
  if (picture && priority)
    preload(widestOf(picture.srcSetAvif), {
      as: "image",
      type: "image/avif",
      imageSrcSet: picture.srcSetAvif,
      imageSizes: sizes,
      fetchPriority: "high",
    });
  if (!picture) {
    return (
      <div className={`bg-brand-100 ${className}`} style={{ aspectRatio: "3 / 4" }} aria-hidden="true" />
    );
  }
  return (
    <picture>
      <source type="image/avif" srcSet={picture.srcSetAvif} sizes={sizes} />
      <source type="image/webp" srcSet={picture.srcSetWebp} sizes={sizes} />
      <img
        src={picture.src}
        width={picture.width}
        height={picture.height}
        alt={alt ?? picture.alt}
        className={className}
        loading={priority ? "eager" : "lazy"}
        decoding={priority ? "sync" : "async"}
        fetchPriority={priority ? "high" : "auto"}
      />
    </picture>
  );
}

/**
 * The one image a bag or wishlist line keeps (its URL, no sizes), or a plain tile in its place when the
 * product has none. `className` sizes both the same way.
 */
export function LineImage({
  src,
  width,
  height,
  className,
}: {
  src: string | null;
  width: number;
  height: number;
  className: string;
}) {
  if (!src) return <div className={`bg-brand-100 ${className}`} aria-hidden="true" />;
  return <img src={src} alt="" width={width} height={height} className={`object-cover ${className}`} />;
}
