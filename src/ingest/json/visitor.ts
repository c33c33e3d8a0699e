/** Location of a value inside a JSON document: object keys and array indexes from the root. */
export type JsonPath = readonly (string | number)[];

/**
 * How a reader should treat a container: `collect` materializes it and hands it over whole,
 * `descend` walks into it (its members arrive one by one), `skip` throws it away unparsed
 * where the driver can.
 */
export type VisitMode = 'collect' | 'descend' | 'skip';

/**
 * Streaming view of a JSON document, shared by the document drivers (pretty-printed lines,
 * generic tokens, whole parsed value) so that a format reader is written once.
 * The `path` arrays passed to callbacks are reused by drivers: copy them to keep them.
 */
export interface JsonVisitor {
  enter(path: JsonPath, kind: 'object' | 'array'): VisitMode;
  value(path: JsonPath, value: unknown): void;
  leave?(path: JsonPath): void;
}

/** Drives a visitor over an already parsed value (small documents). */
export function walkValue(root: unknown, visitor: JsonVisitor): void {
  const path: (string | number)[] = [];
  const visit = (value: unknown): void => {
    if (value === null || typeof value !== 'object') {
      visitor.value(path, value);
      return;
    }
    const kind = Array.isArray(value) ? 'array' : 'object';
    const mode = visitor.enter(path, kind);
    if (mode === 'skip') return;
    if (mode === 'collect') {
      visitor.value(path, value);
      return;
    }
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        path.push(i);
        visit(value[i]);
        path.pop();
      }
    } else {
      for (const key of Object.keys(value)) {
        path.push(key);
        visit((value as Record<string, unknown>)[key]);
        path.pop();
      }
    }
    visitor.leave?.(path);
  };
  visit(root);
}
