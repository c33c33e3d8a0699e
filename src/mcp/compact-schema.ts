type Schema = Record<string, unknown>;

const isSchema = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);
const only = (s: Schema, ...keys: string[]) => Object.keys(s).every((k) => keys.includes(k));

/**
 * The same JSON Schema in fewer bytes, for tools/list: TypeBox spells a nullable value
 * `anyOf: [{type: 'string'}, {type: 'null'}]` and a union of literals one `{type, const}` per value;
 * these become `type: ['string', 'null']` and one `enum`, which validate the same values. What an
 * agent reads of the tools stays small (see tools.test.ts for the size), and the routes and the
 * argument checks keep the TypeBox schemas as they are. Without `descriptions` (output schemas:
 * the tool's description says what its result holds), the schema keeps its types and drops its
 * prose. With `output` too, it also goes without `required` lists and string `format`s: a result
 * is what the server sends, so they told a client nothing it could act on, and they were an eighth
 * of tools/list (1.4 KB of its 12). Such a schema accepts every value the original does, and more.
 */
/** Keywords an output schema goes without (see compactSchema). */
const OUTPUT_DROPS = new Set(['required', 'format']);

export function compactSchema(schema: unknown, { descriptions = true, output = false } = {}): unknown {
  const options = { descriptions, output };
  if (Array.isArray(schema)) return schema.map((s) => compactSchema(s, options));
  if (!isSchema(schema)) return schema;
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema))
    if (
      (descriptions || key !== 'description' || typeof value !== 'string') &&
      !(
        output &&
        OUTPUT_DROPS.has(key) &&
        (key === 'required' ? Array.isArray(value) : typeof value === 'string')
      )
    )
      out[key] = key === 'properties' ? compactProperties(value, options) : compactSchema(value, options);
  const anyOf = out.anyOf;
  if (!Array.isArray(anyOf) || !anyOf.every(isSchema)) return out;
  const rest = Object.fromEntries(Object.entries(out).filter(([k]) => k !== 'anyOf'));
  // A union of string constants: one enum.
  if (anyOf.every((m) => m.type === 'string' && 'const' in m && only(m, 'type', 'const')))
    return { ...rest, type: 'string', enum: anyOf.map((m) => m.const) };
  // Something or null: the type admits null.
  if (anyOf.length === 2 && only(anyOf[1]!, 'type') && anyOf[1]!.type === 'null') {
    const [value] = anyOf as [Schema];
    if (typeof value.type !== 'string' || 'anyOf' in value) return out;
    const nullable: Schema = { ...value, ...rest, type: [value.type, 'null'] };
    if (Array.isArray(value.enum)) nullable.enum = [...value.enum, null];
    return nullable;
  }
  return out;
}

/** A `properties` map: its keys are names, not keywords (a property may be called description). */
function compactProperties(
  properties: unknown,
  options: { descriptions: boolean; output: boolean },
): unknown {
  if (!isSchema(properties)) return properties;
  return Object.fromEntries(Object.entries(properties).map(([name, s]) => [name, compactSchema(s, options)]));
}
