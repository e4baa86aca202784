/**
 * Early Bird and Last Chance badges, straight from the deal's flags (deals.early_bird,
 * deals.last_chance): a badge never claims urgency the data does not (UK consumer law).
 */
export function DealBadges({ earlyBird, lastChance, className = "" }: { earlyBird: boolean; lastChance: boolean; className?: string }) {
  if (!earlyBird && !lastChance) return null;
  return (
    <p className={`flex flex-wrap gap-2 ${className}`}>
      {earlyBird && <span className="rounded bg-emerald-800 px-2 py-0.5 text-xs font-bold uppercase tracking-wide text-white">Early Bird</span>}
      {lastChance && <span className="rounded bg-alert px-2 py-0.5 text-xs font-bold uppercase tracking-wide text-white">Last Chance</span>}
    </p>
  );
}
