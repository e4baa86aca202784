import type { ImgHTMLAttributes } from "react";
import { dealImageSrcSet, dealImageWebpSrcSet } from "../../lib/deal-pictures/urls";

/**
 * A deal's picture at the widths the layout needs (`sizes`). Uploaded photos offer their WebP
 * renditions first and JPEG to browsers without WebP; drawn pictures are one SVG `srcset`. The
 * `<picture>` box is `display: contents`, so the image lays out as if it stood alone.
 */
export function DealPicture({ src, sizes, ...img }: ImgHTMLAttributes<HTMLImageElement> & { src: string; sizes: string }) {
  const image = <img src={src} srcSet={dealImageSrcSet(src)} sizes={sizes} {...img} />;
  const webp = dealImageWebpSrcSet(src);
  if (!webp) return image;
  return (
    <picture className="contents">
      <source type="image/webp" srcSet={webp} sizes={sizes} />
      {image}
    </picture>
  );
}
