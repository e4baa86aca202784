/** Stars, average and review count; shown only when the review-badge rule allows (decided by the loader). */
export function ReviewBadge({ average, count }: { average: number; count: number }) {
  const full = Math.round(average);
  return (
    <p className="flex items-center gap-2" data-testid="review-badge">
      <span aria-hidden="true" className="text-lg tracking-tight text-yellow-600">
        {"★".repeat(full)}
        {"☆".repeat(5 - full)}
      </span>
      <span className="font-bold">{average.toFixed(1)}</span>
      <span className="text-gray-700">
        ({count} {count === 1 ? "review" : "reviews"})
      </span>
      <span className="sr-only">Rated {average.toFixed(1)} out of 5</span>
    </p>
  );
}
