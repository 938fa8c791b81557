/**
 * Dependency direction, declared once and enforced by `npm run lint` (eslint.config.js turns these
 * lists into `import-x/no-restricted-paths` zones; eslint.boundaries.test.ts proves a violation
 * fails and that the declared graphs have no cycle). ARCHITECTURE.md "Dependency direction"
 * explains the layers.
 *
 * To add an edge, add it here, in the reviewable open, never with an eslint-disable comment.
 */

const SERVER = './apps/server/src';
const WEB = './apps/web/src';

/**
 * Server modules (apps/server/src/modules/<name>) and the other modules each may import. Anything
 * not listed is forbidden; the graph must stay acyclic (checked by the test).
 */
export const serverModules = {
  allocation: [],
  health: [],
  dev: [],
  accounts: [],
  categories: [],
  users: ['auth'],
  auth: ['accounts'],
  parents: ['accounts', 'events'],
  groups: ['categories'],
  kitas: ['categories'],
  children: ['events', 'parents'],
  events: ['allocation'],
  // Rule version 3 reads the confirmations in force at the close.
  results: ['allocation', 'events', 'parents', 'priority'],
  // Verified priority: confirmations belong to a family, found within the caller's scope.
  priority: ['parents'],
  preferences: ['events', 'results'],
  // Delivery status, resend, reminders and fallbacks write through the inquiry fan-out.
  delivery: ['events'],
  // Failed activation and reset mails: the resend goes through the account messages.
  'account-mails': ['accounts'],
  // The legal pages: texts and settings only.
  legal: [],
  // The audit viewer reads the audit log of every module's writes; it imports none of them.
  audit: [],
  // Web push devices and the "opened" report; sending lives in notify/push.ts and the outbox worker.
  push: [],
};

/**
 * Web features (apps/web/src/features/<name>) and the other features each may import. Shared
 * pieces belong in components/, lib/ or hooks/; a feature reaching into another is the exception
 * named here.
 */
export const webFeatures = {
  accounts: [],
  approvals: ['parents'],
  auth: [],
  categories: ['groups'],
  children: [],
  events: ['results'],
  groups: [],
  kitas: ['events', 'priority'],
  legal: [],
  mailbox: [],
  operations: [],
  // The profile page carries the family's data download and erasure request.
  // … and the family's notifications card with its devices.
  parents: ['children', 'priority', 'results', 'mydata', 'push'],
  mydata: [],
  audit: [],
  // The notifications card after an answer.
  preference: ['push'],
  // The family's notifications card (parent page, preference page).
  push: [],
  // Verified priority: cards on the parent page and the Kita dashboard.
  priority: [],
  results: ['preference'],
  users: ['kitas'],
};

/** Top-level server folders: what each may NOT import (beyond the module allowlist above). */
const serverLayers = [
  // The database layer knows nothing above it.
  { target: 'db', forbidden: ['lib', 'plugins', 'notify', 'modules', 'jobs', 'seed', 'app.ts', 'main.ts', 'worker.ts'] },
  // Helpers: below the plugins and every module.
  { target: 'lib', forbidden: ['plugins', 'notify', 'modules', 'jobs', 'seed', 'app.ts', 'main.ts', 'worker.ts'] },
  { target: 'plugins', forbidden: ['notify', 'modules', 'jobs', 'seed', 'app.ts', 'main.ts', 'worker.ts'] },
  // Messages are composed by modules and sent by jobs; notify never calls back into them.
  { target: 'notify', forbidden: ['plugins', 'modules', 'jobs', 'seed', 'app.ts', 'main.ts', 'worker.ts'] },
  { target: 'modules', forbidden: ['jobs', 'seed', 'app.ts', 'main.ts', 'worker.ts'] },
  // The allocation rule is pure: no database, no request, no messages.
  { target: 'modules/allocation', forbidden: ['db', 'lib', 'plugins', 'notify'] },
];

function moduleZones(base, folder, allow, message) {
  return Object.entries(allow).map(([name, allowed]) => ({
    target: `${base}/${folder}/${name}`,
    from: `${base}/${folder}`,
    except: [`./${name}`, ...allowed.map((a) => `./${a}`)],
    message,
  }));
}

/** The server zones for `import-x/no-restricted-paths`. */
export function serverZones() {
  return [
    ...serverLayers.flatMap(({ target, forbidden }) =>
      forbidden.map((f) => ({
        target: `${SERVER}/${target}`,
        from: `${SERVER}/${f}`,
        message: `server layering: ${target} must not import ${f} (see eslint.boundaries.js)`,
      })),
    ),
    ...moduleZones(SERVER, 'modules', serverModules, 'a server module imports only the modules eslint.boundaries.js allows it'),
  ];
}

/** The web zones for `import-x/no-restricted-paths`. */
export function webZones() {
  return [
    // Web: app composes features; features build on components, lib and hooks, never the reverse.
    {
      target: `${WEB}/features`,
      from: `${WEB}/app`,
      message: 'a feature must not import the app shell (routing and guards live in lib/)',
    },
    ...['components', 'lib', 'hooks'].map((layer) => ({
      target: `${WEB}/${layer}`,
      from: [`${WEB}/features`, `${WEB}/app`],
      message: `${layer}/ sits below the features and the app shell`,
    })),
    ...moduleZones(WEB, 'features', webFeatures, 'a feature imports another feature only where eslint.boundaries.js allows it'),
  ];
}

/** The first cycle of an allowlist graph, or null (used by the test). */
export function findCycle(graph) {
  const state = new Map();
  const stack = [];
  const visit = (node) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph[node] ?? []) {
      if (state.get(next) === 'open') return [...stack.slice(stack.indexOf(next)), next];
      if (!state.has(next)) {
        const found = visit(next);
        if (found) return found;
      }
    }
    stack.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of Object.keys(graph)) {
    if (!state.has(node)) {
      const found = visit(node);
      if (found) return found;
    }
  }
  return null;
}
