import {
  type KyselyPlugin,
  OperationNodeTransformer,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type PrimitiveValueListNode,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  type ValueNode,
} from 'kysely';

const NUL = /\u0000/g;
const clean = (value: unknown): unknown =>
  typeof value === 'string' && value.includes('\u0000') ? value.replace(NUL, '\uFFFD') : value;

class NulTransformer extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    const value = clean(node.value);
    return value === node.value ? super.transformValue(node) : { ...node, value };
  }

  protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
    return { ...node, values: node.values.map(clean) };
  }
}

/**
 * Every string bound to a query has its NUL characters (U+0000) replaced by U+FFFD. PostgreSQL text
 * cannot hold NUL (the query fails: a 500), and values from clients and dumps can carry one — a
 * title, a file name, a filter, a user agent. Both databases store and compare the same text.
 */
export class NulCharacterPlugin implements KyselyPlugin {
  private readonly transformer = new NulTransformer();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.transformer.transformNode(args.node, args.queryId);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
