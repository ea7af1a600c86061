// Cycles of a directed graph: the strongly connected components (Tarjan), each shown as one
// concrete loop through it, so that a message names a path one can follow in the code.

export type Graph = ReadonlyMap<string, ReadonlySet<string>>;

function components(graph: Graph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next);
    next++;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node)!, index.get(to)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    found.push(component);
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
}

/** The shortest way from `start` back to itself, staying inside `members`. */
function loopThrough(graph: Graph, start: string, members: ReadonlySet<string>): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i]!;
    for (const to of [...(graph.get(node) ?? [])].sort()) {
      if (!members.has(to)) continue;
      if (to === start) {
        const path = [start];
        for (let at = node; at !== start; at = cameFrom.get(at)!) path.splice(1, 0, at);
        return [...path, start];
      }
      if (!cameFrom.has(to)) {
        cameFrom.set(to, node);
        queue.push(to);
      }
    }
  }
  return [start, start];
}

export interface Cycle {
  /** Everything on some loop with the others, sorted. */
  members: string[];
  /** One loop through them, e.g. `["a", "b", "a"]`. */
  loop: string[];
}

/** One entry per knot of cycles in the graph; none for a graph without cycles. */
export function cycles(graph: Graph): Cycle[] {
  return components(graph)
    .filter((c) => c.length > 1 || graph.get(c[0]!)?.has(c[0]!))
    .map((c) => {
      const members = [...c].sort();
      return { members, loop: loopThrough(graph, members[0]!, new Set(c)) };
    })
    .sort((a, b) => a.members.join().localeCompare(b.members.join()));
}
