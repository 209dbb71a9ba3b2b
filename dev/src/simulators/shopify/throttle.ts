import {
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLSchema,
  getNamedType,
  isCompositeType,
  isInterfaceType,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  valueFromASTUntyped,
} from "graphql";

/**
 * Shopify's calculated query cost, approximately
 * (https://shopify.dev/docs/api/usage/limits#cost-calculation): scalars and enums 0, objects 1,
 * connections 2 + `first`/`last` × the cost of one node, each mutation 10.
 * With `data`, the actual cost: connections count the nodes actually returned.
 */
export function queryCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
  data?: unknown,
): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const def of document.definitions) {
    if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
  }
  const root = operation.operation === "mutation" ? schema.getMutationType() : schema.getQueryType();
  if (!root) return 0;
  if (operation.operation === "mutation") {
    let cost = 0;
    for (const sel of operation.selectionSet.selections) if (sel.kind === Kind.FIELD) cost += 10;
    return cost;
  }
  const measured = data !== undefined;

  const setCost = (set: SelectionSetNode | undefined, type: GraphQLCompositeType, value: unknown): number => {
    if (!set) return 0;
    let cost = 0;
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) {
        if (sel.name.value.startsWith("__")) continue;
        if (!isObjectType(type) && !isInterfaceType(type)) continue;
        const def = type.getFields()[sel.name.value];
        if (!def) continue;
        const named = getNamedType(def.type);
        if (!isCompositeType(named)) continue;
        const key = sel.alias?.value ?? sel.name.value;
        const child =
          measured && value && typeof value === "object"
            ? (value as Record<string, unknown>)[key]
            : undefined;
        if (measured && (child === null || child === undefined)) continue;
        if (named.name.endsWith("Connection")) {
          cost += connectionCost(sel.selectionSet, named, sel.arguments ?? [], child);
        } else if (measured && Array.isArray(child)) {
          cost += child.reduce((sum: number, item) => sum + 1 + setCost(sel.selectionSet, named, item), 0);
        } else {
          cost += 1 + setCost(sel.selectionSet, named, child);
        }
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        const cond = sel.typeCondition ? schema.getType(sel.typeCondition.name.value) : type;
        if (cond && isCompositeType(cond)) cost += setCost(sel.selectionSet, cond, value);
      } else {
        const frag = fragments.get(sel.name.value);
        const cond = frag && schema.getType(frag.typeCondition.name.value);
        if (frag && cond && isCompositeType(cond)) cost += setCost(frag.selectionSet, cond, value);
      }
    }
    return cost;
  };

  const connectionCost = (
    set: SelectionSetNode | undefined,
    type: GraphQLCompositeType,
    args: readonly { name: { value: string }; value: Parameters<typeof valueFromASTUntyped>[0] }[],
    value: unknown,
  ): number => {
    if (!set || !isObjectType(type)) return 2;
    const nodeType = getNamedType(type.getFields().nodes?.type ?? type.getFields().edges!.type);
    const edgeType = getNamedType(type.getFields().edges?.type ?? nodeType);
    // The per-node selection: `nodes { … }` and `edges { node { … } }` alike.
    const nodeSets: SelectionSetNode[] = [];
    const collect = (s: SelectionSetNode, level: "connection" | "edge") => {
      for (const sel of s.selections) {
        if (sel.kind === Kind.FIELD && sel.selectionSet) {
          if (level === "connection" && sel.name.value === "nodes") nodeSets.push(sel.selectionSet);
          if (level === "connection" && sel.name.value === "edges") collect(sel.selectionSet, "edge");
          if (level === "edge" && sel.name.value === "node") nodeSets.push(sel.selectionSet);
        } else if (sel.kind === Kind.INLINE_FRAGMENT) collect(sel.selectionSet, level);
        else if (sel.kind === Kind.FRAGMENT_SPREAD) {
          const frag = fragments.get(sel.name.value);
          if (frag) collect(frag.selectionSet, level);
        }
      }
    };
    collect(set, "connection");
    if (!isCompositeType(nodeType) || !isCompositeType(edgeType)) return 2;
    const perNode = (node: unknown) =>
      1 + nodeSets.reduce((sum, s) => sum + setCost(s, nodeType as GraphQLCompositeType, node), 0);
    if (measured) {
      const v = value as { nodes?: unknown[]; edges?: { node?: unknown }[] } | undefined;
      const nodes = v?.nodes ?? v?.edges?.map((e) => e?.node) ?? [];
      return 2 + nodes.reduce((sum: number, n) => sum + perNode(n), 0);
    }
    let size = 0;
    for (const arg of args) {
      if (arg.name.value === "first" || arg.name.value === "last") {
        const n = valueFromASTUntyped(arg.value, variables);
        if (typeof n === "number") size = Math.max(size, n);
      }
    }
    // Shopify charges for the largest page it might return.
    return 2 + size * perNode(undefined);
  };

  return setCost(operation.selectionSet, root, measured ? data : undefined);
}

export type ThrottleStatus = { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };

/** A leaky bucket: `maximumAvailable` points, refilled at `restoreRate` points per second. */
export class CostBucket {
  private available: number;
  private at: number;
  constructor(
    readonly maximumAvailable: number,
    readonly restoreRate: number,
    private readonly now: () => Date,
  ) {
    this.available = maximumAvailable;
    this.at = now().getTime();
  }

  private refill() {
    const t = this.now().getTime();
    const elapsed = Math.max(0, t - this.at) / 1000;
    this.available = Math.min(this.maximumAvailable, this.available + elapsed * this.restoreRate);
    this.at = t;
  }

  /** Take `cost` points if they are there. */
  take(cost: number): boolean {
    this.refill();
    if (cost > this.available) return false;
    this.available -= cost;
    return true;
  }

  /** Give back what a query did not use (requested − actual). */
  refund(points: number) {
    this.refill();
    this.available = Math.min(this.maximumAvailable, this.available + Math.max(0, points));
  }

  status(): ThrottleStatus {
    this.refill();
    return {
      maximumAvailable: this.maximumAvailable,
      currentlyAvailable: Math.floor(this.available),
      restoreRate: this.restoreRate,
    };
  }
}
