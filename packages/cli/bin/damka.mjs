#!/usr/bin/env node
// Forwards to damka.cjs, the `damka` command, for links and scripts made before it was renamed
// (`npm ci` links damka.cjs). Node starts an ES module like this one more slowly, so run damka.cjs.
import './damka.cjs';
