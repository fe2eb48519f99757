/** Placeholder until the engine lands. */
export {};
