/** Placeholder until the board widget lands. */
export {};
