/** Every module boundary breach under root as `file[:line]: what is wrong`, sorted; empty when none. */
export function checkBoundaries(root: string): string[];
