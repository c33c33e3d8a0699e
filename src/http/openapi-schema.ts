/**
 * The TypeBox schemas (JSON Schema) of the routes in OpenAPI 3.0 terms, with the published
 * schemas as named components referenced by `$ref`.
 */

type Json = Record<string, unknown>;

/** OpenAPI 3.0 has no null type: a schema that accepts null and nothing else. */
const NULL_ONLY: Json = { type: 'string', nullable: true, enum: [null] };

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Keywords that describe a schema without constraining what it accepts. */
const ANNOTATIONS = new Set([
  'description',
  'title',
  'default',
  'example',
  'deprecated',
  'readOnly',
  'writeOnly',
]);

/** A JSON text of a schema with its keys sorted: equal for equal schemas. */
function shapeOf(schema: unknown, cache: WeakMap<object, string>): string {
  if (!isObject(schema)) {
    if (Array.isArray(schema)) return `[${schema.map((s) => shapeOf(s, cache)).join(',')}]`;
    return JSON.stringify(schema) ?? 'null';
  }
  const hit = cache.get(schema);
  if (hit !== undefined) return hit;
  const text = `{${Object.keys(schema)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${shapeOf(schema[k], cache)}`)
    .join(',')}}`;
  cache.set(schema, text);
  return text;
}

const isNullSchema = (s: Json) =>
  s.type === 'null' ||
  (s.nullable === true && Array.isArray(s.enum) && s.enum.length === 1 && s.enum[0] === null);

/**
 * Converts JSON Schemas to OpenAPI 3.0 Schema Objects: `const` becomes a one-value enum, a union
 * of constants an enum, a union with null `nullable`, `patternProperties` (TypeBox's records)
 * `additionalProperties`, `contentMediaType` the `binary` format. A schema equal to a named one
 * (the same object, or the same keywords: TypeBox copies a schema it marks optional) becomes a
 * `$ref` to its component.
 */
export class OpenApiSchemas {
  private readonly byObject = new Map<object, string>();
  private readonly byShape = new Map<string, string>();
  private readonly shapes = new WeakMap<object, string>();
  /** Components referenced so far. */
  readonly used = new Set<string>();

  constructor(private readonly named: Readonly<Record<string, object>>) {
    for (const [name, schema] of Object.entries(named)) {
      this.byObject.set(schema, name);
      const shape = shapeOf(schema, this.shapes);
      if (this.byShape.has(shape))
        throw new Error(`schemas ${this.byShape.get(shape)} and ${name} are the same: one name each`);
      this.byShape.set(shape, name);
    }
  }

  /** The component name of a schema equal to a named one. */
  nameOf(schema: unknown): string | undefined {
    if (!isObject(schema)) return undefined;
    return this.byObject.get(schema) ?? this.byShape.get(shapeOf(schema, this.shapes));
  }

  /** A reference to a named schema (counted as used). */
  ref(name: string): Json {
    if (!Object.hasOwn(this.named, name)) throw new Error(`no schema named ${name}`);
    this.used.add(name);
    return { $ref: `#/components/schemas/${name}` };
  }

  /** The OpenAPI form of a schema; named schemas inside it (and it, unless `inline`) as `$ref`. */
  convert(schema: unknown, inline = false): Json {
    if (!isObject(schema)) return {};
    const name = inline ? undefined : this.nameOf(schema);
    if (name) return this.ref(name);
    const out: Json = {};
    for (const [key, value] of Object.entries(schema)) {
      switch (key) {
        case '$id':
        case '$schema':
          break;
        case 'const':
          out.enum = [value];
          break;
        case 'contentMediaType':
          out.format = 'binary';
          break;
        case 'properties':
          out.properties = Object.fromEntries(
            Object.entries(value as Json).map(([k, v]) => [k, this.convert(v)]),
          );
          break;
        case 'patternProperties': {
          const [first] = Object.values(value as Json);
          if (!isObject(schema.additionalProperties)) out.additionalProperties = this.convert(first);
          break;
        }
        case 'items':
        case 'not':
          out[key] = this.convert(value);
          break;
        case 'additionalProperties':
          out[key] = isObject(value) ? this.convert(value) : value;
          break;
        case 'anyOf':
        case 'oneOf':
        case 'allOf':
          out[key] = (value as unknown[]).map((v) => this.convert(v));
          break;
        default:
          out[key] = value;
      }
    }
    if (out.type === 'null') return { ...NULL_ONLY, ...annotations(out) };
    return simplifyUnion(out);
  }

  /** Every named schema as a component (each one inline at its own place). */
  components(): Record<string, Json> {
    return Object.fromEntries(Object.entries(this.named).map(([name, s]) => [name, this.convert(s, true)]));
  }
}

function annotations(schema: Json): Json {
  return Object.fromEntries(Object.entries(schema).filter(([k]) => ANNOTATIONS.has(k)));
}

/**
 * A union in the forms OpenAPI 3.0 tools read best: constants of one type as an enum, and a
 * union with null as the other member made `nullable` (or, for a `$ref`, a union with a schema
 * that accepts only null).
 */
function simplifyUnion(schema: Json): Json {
  const members = schema.anyOf as Json[] | undefined;
  if (!members) return schema;
  const rest = Object.fromEntries(Object.entries(schema).filter(([k]) => k !== 'anyOf'));
  const others = members.filter((m) => !isNullSchema(m));
  const nullable = others.length < members.length;
  const constants = others.every(
    (m) =>
      Array.isArray(m.enum) &&
      Object.keys(m).every((k) => k === 'type' || k === 'enum' || ANNOTATIONS.has(k)),
  );
  const types = new Set(others.map((m) => m.type));
  if (others.length > 0 && constants && types.size === 1 && [...types][0] !== undefined) {
    const values = others.flatMap((m) => m.enum as unknown[]);
    return {
      type: [...types][0],
      enum: nullable ? [...values, null] : values,
      ...(nullable ? { nullable: true } : {}),
      ...rest,
    };
  }
  if (!nullable) return schema;
  if (others.length === 1 && !others[0]!.$ref && others[0]!.type !== undefined) {
    const [only] = others as [Json];
    const conflicts = Object.keys(rest).some((k) => !ANNOTATIONS.has(k));
    if (!conflicts) {
      const merged: Json = { ...only, ...rest, nullable: true };
      if (Array.isArray(merged.enum)) merged.enum = [...merged.enum, null];
      return merged;
    }
  }
  return { ...rest, anyOf: [...others, NULL_ONLY] };
}
