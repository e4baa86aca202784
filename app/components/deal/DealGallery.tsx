import { GALLERY_IMAGE_SIZES, smallestDealImage } from "../../../lib/deal-pictures/urls";
import { DealPicture } from "../DealPicture";
import type { DealImage } from "../../../modules/catalog/schema";

/**
 * Images in a scroll-snap strip with thumbnail links to each: works without JavaScript and
 * loads only the first picture eagerly.
 */
export function DealGallery({ images, headline }: { images: DealImage[]; headline: string }) {
  if (images.length === 0) return null;
  return (
    <div className="flex flex-col gap-2">
      {/*
       * Several pictures scroll sideways: the strip is a named region that takes the focus, so the
       * arrow keys scroll it (WCAG 2.1.1) and a screen reader says what it is ("Deal images, 3 pictures").
       */}
      <div
        className="snap-x snap-mandatory overflow-x-auto rounded-lg"
        role={images.length > 1 ? "region" : undefined}
        aria-label={images.length > 1 ? `Deal images, ${images.length} pictures` : undefined}
        tabIndex={images.length > 1 ? 0 : undefined}
        data-testid="deal-image-strip"
      >
        <ul className="flex" aria-label="Deal images">
          {images.map((image, index) => (
            <li key={image.imageUrl} id={`deal-image-${index + 1}`} className="w-full shrink-0 snap-center">
              <DealPicture
                src={image.imageUrl}
                sizes={GALLERY_IMAGE_SIZES}
                alt={image.alt ?? (index === 0 ? headline : `${headline}, picture ${index + 1}`)}
                width={640}
                height={400}
                loading={index === 0 ? "eager" : "lazy"}
                fetchPriority={index === 0 ? "high" : undefined}
                className="aspect-[16/10] w-full object-cover"
              />
            </li>
          ))}
        </ul>
      </div>
      {images.length > 1 && (
        <ul className="flex gap-2" aria-label="Choose a picture">
          {images.map((image, index) => (
            <li key={image.imageUrl}>
              <a href={`#deal-image-${index + 1}`} aria-label={`Picture ${index + 1}`} className="block w-20 overflow-hidden rounded ring-1 ring-gray-300">
                <img src={smallestDealImage(image.imageUrl)} alt="" width={80} height={50} loading="lazy" className="aspect-[16/10] w-full object-cover" />
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
