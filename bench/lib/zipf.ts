/**
 * Picks items with Zipf-distributed popularity (rank r chosen with probability ∝ 1/r^s), the way
 * real traffic concentrates on a few popular deals while still touching the long tail.
 */
export function zipfPicker<T>(items: readonly T[], s = 1.1, random: () => number = Math.random): () => T {
  if (items.length === 0) throw new Error("zipfPicker needs at least one item");
  const cumulative = new Float64Array(items.length);
  let total = 0;
  for (let rank = 1; rank <= items.length; rank++) {
    total += 1 / rank ** s;
    cumulative[rank - 1] = total;
  }
  return () => {
    const target = random() * total;
    let low = 0;
    let high = items.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (cumulative[mid] < target) low = mid + 1;
      else high = mid;
    }
    return items[low];
  };
}
