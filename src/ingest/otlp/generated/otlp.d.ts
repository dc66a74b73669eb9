import * as $protobuf from 'protobufjs'
import Long = require('long')

/** Namespace otlp. */
export namespace otlp {
  /**
   * Properties of an AnyValue.
   * @deprecated Use otlp.AnyValue.$Properties instead.
   */
  interface IAnyValue extends otlp.AnyValue.$Properties {}

  /** Represents an AnyValue. */
  class AnyValue {
    /**
     * Constructs a new AnyValue.
     * @param [properties] Properties to set
     */
    constructor(properties?: otlp.AnyValue.$Properties)

    /** Unknown fields preserved while decoding when enabled */
    $unknowns?: Uint8Array[]

    /** AnyValue stringValue. */
    stringValue?: string | null

    /** AnyValue boolValue. */
    boolValue?: boolean | null

    /** AnyValue intValue. */
    intValue?: number | Long | null

    /** AnyValue doubleValue. */
    doubleValue?: number | null

    /** AnyValue arrayValue. */
    arrayValue?: otlp.ArrayValue.$Properties | null

    /** AnyValue kvlistValue. */
    kvlistValue?: otlp.KeyValueList.$Properties | null

    /** AnyValue bytesValue. */
    bytesValue?: Uint8Array | null

    /** AnyValue value. */
    value?:
      | 'stringValue'
      | 'boolValue'
      | 'intValue'
      | 'doubleValue'
      | 'arrayValue'
      | 'kvlistValue'
      | 'bytesValue'

    /**
     * Encodes the specified AnyValue message. Does not implicitly {@link otlp.AnyValue.verify|verify} messages.
     * @param message AnyValue message or plain object to encode
     * @param [writer] Writer to encode to
     * @returns Writer
     */
    static encode(message: otlp.AnyValue.$Properties, writer?: $protobuf.Writer): $protobuf.Writer

    /**
     * Decodes an AnyValue message from the specified reader or buffer.
     * @param reader Reader or buffer to decode from
     * @param [length] Message length if known beforehand
     * @returns {otlp.AnyValue & otlp.AnyValue.$Shape} AnyValue
     * @throws {Error} If the payload is not a reader or valid buffer
     * @throws {$protobuf.util.ProtocolError} If required fields are missing
     */
    static decode(
      reader: $protobuf.Reader | Uint8Array,
      length?: number
    ): otlp.AnyValue & otlp.AnyValue.$Shape
  }

  namespace AnyValue {
    /** Properties of an AnyValue. */
    interface $Properties {
      /** AnyValue stringValue */
      stringValue?: string | null

      /** AnyValue boolValue */
      boolValue?: boolean | null

      /** AnyValue intValue */
      intValue?: number | Long | null

      /** AnyValue doubleValue */
      doubleValue?: number | null

      /** AnyValue arrayValue */
      arrayValue?: otlp.ArrayValue.$Properties | null

      /** AnyValue kvlistValue */
      kvlistValue?: otlp.KeyValueList.$Properties | null

      /** AnyValue bytesValue */
      bytesValue?: Uint8Array | null

      /** AnyValue value */
      value?:
        | 'stringValue'
        | 'boolValue'
        | 'intValue'
        | 'doubleValue'
        | 'arrayValue'
        | 'kvlistValue'
        | 'bytesValue'

      /** Unknown fields preserved while decoding when enabled */
      $unknowns?: Uint8Array[]
    }

    /** Narrowed shape of an AnyValue. */
    type $Shape = {
      stringValue?: string | null
      boolValue?: boolean | null
      intValue?: number | Long | null
      doubleValue?: number | null
      arrayValue?: otlp.ArrayValue.$Shape | null
      kvlistValue?: otlp.KeyValueList.$Shape | null
      bytesValue?: Uint8Array | null
      $unknowns?: Uint8Array[]
    } & (
      | {
          value?: undefined
          stringValue?: null
          boolValue?: null
          intValue?: null
          doubleValue?: null
          arrayValue?: null
          kvlistValue?: null
          bytesValue?: null
        }
      | {
          value?: 'stringValue'
          stringValue: string
          boolValue?: null
          intValue?: null
          doubleValue?: null
          arrayValue?: null
          kvlistValue?: null
          bytesValue?: null
        }
      | {
          value?: 'boolValue'
          stringValue?: null
          boolValue: boolean
          intValue?: null
          doubleValue?: null
          arrayValue?: null
          kvlistValue?: null
          bytesValue?: null
        }
      | {
          value?: 'intValue'
          stringValue?: null
          boolValue?: null
          intValue: number | Long
          doubleValue?: null
          arrayValue?: null
          kvlistValue?: null
          bytesValue?: null
        }
      | {
          value?: 'doubleValue'
          stringValue?: null
          boolValue?: null
          intValue?: null
          doubleValue: number
          arrayValue?: null
          kvlistValue?: null
          bytesValue?: null
        }
      | {
          value?: 'arrayValue'
          stringValue?: null
          boolValue?: null
          intValue?: null
          doubleValue?: null
          arrayValue: otlp.ArrayValue.$Shape
          kvlistValue?: null
          bytesValue?: null
        }
      | {
          value?: 'kvlistValue'
          stringValue?: null
          boolValue?: null
          intValue?: null
          doubleValue?: null
          arrayValue?: null
          kvlistValue: otlp.KeyValueList.$Shape
          bytesValue?: null
        }
      | {
          value?: 'bytesValue'
          stringValue?: null
          boolValue?: null
          intValue?: null
          doubleValue?: null
          arrayValue?: null
          kvlistValue?: null
          bytesValue: Uint8Array
        }
    )
  }

  /**
   * Properties of an ArrayValue.
   * @deprecated Use otlp.ArrayValue.$Properties instead.
   */
  interface IArrayValue extends otlp.ArrayValue.$Properties {}

  /** Represents an ArrayValue. */
  class ArrayValue {
    /**
     * Constructs a new ArrayValue.
     * @param [properties] Properties to set
     */
    constructor(properties?: otlp.ArrayValue.$Properties)

    /** Unknown fields preserved while decoding when enabled */
    $unknowns?: Uint8Array[]

    /** ArrayValue values. */
    values: otlp.AnyValue.$Properties[]

    /**
     * Encodes the specified ArrayValue message. Does not implicitly {@link otlp.ArrayValue.verify|verify} messages.
     * @param message ArrayValue message or plain object to encode
     * @param [writer] Writer to encode to
     * @returns Writer
     */
    static encode(message: otlp.ArrayValue.$Properties, writer?: $protobuf.Writer): $protobuf.Writer

    /**
     * Decodes an ArrayValue message from the specified reader or buffer.
     * @param reader Reader or buffer to decode from
     * @param [length] Message length if known beforehand
     * @returns {otlp.ArrayValue & otlp.ArrayValue.$Shape} ArrayValue
     * @throws {Error} If the payload is not a reader or valid buffer
     * @throws {$protobuf.util.ProtocolError} If required fields are missing
     */
    static decode(
      reader: $protobuf.Reader | Uint8Array,
      length?: number
    ): otlp.ArrayValue & otlp.ArrayValue.$Shape
  }

  namespace ArrayValue {
    /** Properties of an ArrayValue. */
    interface $Properties {
      /** ArrayValue values */
      values?: otlp.AnyValue.$Properties[] | null

      /** Unknown fields preserved while decoding when enabled */
      $unknowns?: Uint8Array[]
    }

    /** Shape of an ArrayValue. */
    type $Shape = {
      values?: otlp.AnyValue.$Shape[] | null
      $unknowns?: Uint8Array[]
    }
  }

  /**
   * Properties of a KeyValueList.
   * @deprecated Use otlp.KeyValueList.$Properties instead.
   */
  interface IKeyValueList extends otlp.KeyValueList.$Properties {}

  /** Represents a KeyValueList. */
  class KeyValueList {
    /**
     * Constructs a new KeyValueList.
     * @param [properties] Properties to set
     */
    constructor(properties?: otlp.KeyValueList.$Properties)

    /** Unknown fields preserved while decoding when enabled */
    $unknowns?: Uint8Array[]

    /** KeyValueList values. */
    values: otlp.KeyValue.$Properties[]

    /**
     * Encodes the specified KeyValueList message. Does not implicitly {@link otlp.KeyValueList.verify|verify} messages.
     * @param message KeyValueList message or plain object to encode
     * @param [writer] Writer to encode to
     * @returns Writer
     */
    static encode(
      message: otlp.KeyValueList.$Properties,
      writer?: $protobuf.Writer
    ): $protobuf.Writer

    /**
     * Decodes a KeyValueList message from the specified reader or buffer.
     * @param reader Reader or buffer to decode from
     * @param [length] Message length if known beforehand
     * @returns {otlp.KeyValueList & otlp.KeyValueList.$Shape} KeyValueList
     * @throws {Error} If the payload is not a reader or valid buffer
     * @throws {$protobuf.util.ProtocolError} If required fields are missing
     */
    static decode(
      reader: $protobuf.Reader | Uint8Array,
      length?: number
    ): otlp.KeyValueList & otlp.KeyValueList.$Shape
  }

  namespace KeyValueList {
    /** Properties of a KeyValueList. */
    interface $Properties {
      /** KeyValueList values */
      values?: otlp.KeyValue.$Properties[] | null

      /** Unknown fields preserved while decoding when enabled */
      $unknowns?: Uint8Array[]
    }

    /** Shape of a KeyValueList. */
    type $Shape = {
      values?: otlp.KeyValue.$Shape[] | null
      $unknowns?: Uint8Array[]
    }
  }

  /**
   * Properties of a KeyValue.
   * @deprecated Use otlp.KeyValue.$Properties instead.
   */
  interface IKeyValue extends otlp.KeyValue.$Properties {}

  /** Represents a KeyValue. */
  class KeyValue {
    /**
     * Constructs a new KeyValue.
     * @param [properties] Properties to set
     */
    constructor(properties?: otlp.KeyValue.$Properties)

    /** Unknown fields preserved while decoding when enabled */
    $unknowns?: Uint8Array[]

    /** KeyValue key. */
    key: string

    /** KeyValue value. */
    value?: otlp.AnyValue.$Properties | null

    /**
     * Encodes the specified KeyValue message. Does not implicitly {@link otlp.KeyValue.verify|verify} messages.
     * @param message KeyValue message or plain object to encode
     * @param [writer] Writer to encode to
     * @returns Writer
     */
    static encode(message: otlp.KeyValue.$Properties, writer?: $protobuf.Writer): $protobuf.Writer

    /**
     * Decodes a KeyValue message from the specified reader or buffer.
     * @param reader Reader or buffer to decode from
     * @param [length] Message length if known beforehand
     * @returns {otlp.KeyValue & otlp.KeyValue.$Shape} KeyValue
     * @throws {Error} If the payload is not a reader or valid buffer
     * @throws {$protobuf.util.ProtocolError} If required fields are missing
     */
    static decode(
      reader: $protobuf.Reader | Uint8Array,
      length?: number
    ): otlp.KeyValue & otlp.KeyValue.$Shape
  }

  namespace KeyValue {
    /** Properties of a KeyValue. */
    interface $Properties {
      /** KeyValue key */
      key?: string | null

      /** KeyValue value */
      value?: otlp.AnyValue.$Properties | null

      /** Unknown fields preserved while decoding when enabled */
      $unknowns?: Uint8Array[]
    }

    /** Shape of a KeyValue. */
    type $Shape = {
      key?: string | null
      value?: otlp.AnyValue.$Shape | null
      $unknowns?: Uint8Array[]
    }
  }

  /**
   * Properties of an InstrumentationScope.
   * @deprecated Use otlp.InstrumentationScope.$Properties instead.
   */
  interface IInstrumentationScope extends otlp.InstrumentationScope.$Properties {}

  /** Represents an InstrumentationScope. */
  class InstrumentationScope {
    /**
     * Constructs a new InstrumentationScope.
     * @param [properties] Properties to set
     */
    constructor(properties?: otlp.InstrumentationScope.$Properties)

    /** Unknown fields preserved while decoding when enabled */
    $unknowns?: Uint8Array[]

    /** InstrumentationScope name. */
    name: string

    /** InstrumentationScope version. */
    version: string

    /** InstrumentationScope attributes. */
    attributes: otlp.KeyValue.$Properties[]

    /**
     * Encodes the specified InstrumentationScope message. Does not implicitly {@link otlp.InstrumentationScope.verify|verify} messages.
     * @param message InstrumentationScope message or plain object to encode
     * @param [writer] Writer to encode to
     * @returns Writer
     */
    static encode(
      message: otlp.InstrumentationScope.$Properties,
      writer?: $protobuf.Writer
    ): $protobuf.Writer

    /**
     * Decodes an InstrumentationScope message from the specified reader or buffer.
     * @param reader Reader or buffer to decode from
     * @param [length] Message length if known beforehand
     * @returns {otlp.InstrumentationScope & otlp.InstrumentationScope.$Shape} InstrumentationScope
     * @throws {Error} If the payload is not a reader or valid buffer
     * @throws {$protobuf.util.ProtocolError} If required fields are missing
     */
    static decode(
      reader: $protobuf.Reader | Uint8Array,
      length?: number
    ): otlp.InstrumentationScope & otlp.InstrumentationScope.$Shape
  }

  namespace InstrumentationScope {
    /** Properties of an InstrumentationScope. */
    interface $Properties {
      /** InstrumentationScope name */
      name?: string | null

      /** InstrumentationScope version */
      version?: string | null

      /** InstrumentationScope attributes */
      attributes?: otlp.KeyValue.$Properties[] | null

      /** Unknown fields preserved while decoding when enabled */
      $unknowns?: Uint8Array[]
    }

    /** Shape of an InstrumentationScope. */
    type $Shape = {
      name?: string | null
      version?: string | null
      attributes?: otlp.KeyValue.$Shape[] | null
      $unknowns?: Uint8Array[]
    }
  }

  /**
   * Properties of a Resource.
   * @deprecated Use otlp.Resource.$Properties instead.
   */
  interface IResource extends otlp.Resource.$Properties {}

  /** Represents a Resource. */
  class Resource {
    /**
     * Constructs a new Resource.
     * @param [properties] Properties to set
     */
    constructor(properties?: otlp.Resource.$Properties)

    /** Unknown fields preserved while decoding when enabled */
    $unknowns?: Uint8Array[]

    /** Resource attributes. */
    attributes: otlp.KeyValue.$Properties[]

    /**
     * Encodes the specified Resource message. Does not implicitly {@link otlp.Resource.verify|verify} messages.
     * @param message Resource message or plain object to encode
     * @param [writer] Writer to encode to
     * @returns Writer
     */
    static encode(message: otlp.Resource.$Properties, writer?: $protobuf.Writer): $protobuf.Writer

    /**
     * Decodes a Resource message from the specified reader or buffer.
     * @param reader Reader or buffer to decode from
     * @param [length] Message length if known beforehand
     * @returns {otlp.Resource & otlp.Resource.$Shape} Resource
     * @throws {Error} If the payload is not a reader or valid buffer
     * @throws {$protobuf.util.ProtocolError} If required fields are missing
     */
    static decode(
      reader: $protobuf.Reader | Uint8Array,
      length?: number
    ): otlp.Resource & otlp.Resource.$Shape
  }

  namespace Resource {
    /** Properties of a Resource. */
    interface $Properties {
      /** Resource attributes */
      attributes?: otlp.KeyValue.$Properties[] | null

      /** Unknown fields preserved while decoding when enabled */
      $unknowns?: Uint8Array[]
    }

    /** Shape of a Resource. */
    type $Shape = {
      attributes?: otlp.KeyValue.$Shape[] | null
      $unknowns?: Uint8Array[]
    }
  }

  /**
   * Properties of a ResourceSpans.
   * @deprecated Use otlp.ResourceSpans.$Properties instead.
   */
  interface IResourceSpans extends otlp.ResourceSpans.$Properties {}

  /** Represents a ResourceSpans. */
  class ResourceSpans {
    /**
     * Constructs a new ResourceSpans.
     * @param [properties] Properties to set
     */
    constructor(properties?: otlp.ResourceSpans.$Properties)

    /** Unknown fields preserved while decoding when enabled */
    $unknowns?: Uint8Array[]

    /** ResourceSpans resource. */
    resource?: otlp.Resource.$Properties | null

    /** ResourceSpans scopeSpans. */
    scopeSpans: otlp.ScopeSpans.$Properties[]

    /** ResourceSpans schemaUrl. */
    schemaUrl: string

    /**
     * Encodes the specified ResourceSpans message. Does not implicitly {@link otlp.ResourceSpans.verify|verify} messages.
     * @param message ResourceSpans message or plain object to encode
     * @param [writer] Writer to encode to
     * @returns Writer
     */
    static encode(
      message: otlp.ResourceSpans.$Properties,
      writer?: $protobuf.Writer
    ): $protobuf.Writer

    /**
     * Decodes a ResourceSpans message from the specified reader or buffer.
     * @param reader Reader or buffer to decode from
     * @param [length] Message length if known beforehand
     * @returns {otlp.ResourceSpans & otlp.ResourceSpans.$Shape} ResourceSpans
     * @throws {Error} If the payload is not a reader or valid buffer
     * @throws {$protobuf.util.ProtocolError} If required fields are missing
     */
    static decode(
      reader: $protobuf.Reader | Uint8Array,
      length?: number
    ): otlp.ResourceSpans & otlp.ResourceSpans.$Shape
  }

  namespace ResourceSpans {
    /** Properties of a ResourceSpans. */
    interface $Properties {
      /** ResourceSpans resource */
      resource?: otlp.Resource.$Properties | null

      /** ResourceSpans scopeSpans */
      scopeSpans?: otlp.ScopeSpans.$Properties[] | null

      /** ResourceSpans schemaUrl */
      schemaUrl?: string | null

      /** Unknown fields preserved while decoding when enabled */
      $unknowns?: Uint8Array[]
    }

    /** Shape of a ResourceSpans. */
    type $Shape = {
      resource?: otlp.Resource.$Shape | null
      scopeSpans?: otlp.ScopeSpans.$Shape[] | null
      schemaUrl?: string | null
      $unknowns?: Uint8Array[]
    }
  }

  /**
   * Properties of a ScopeSpans.
   * @deprecated Use otlp.ScopeSpans.$Properties instead.
   */
  interface IScopeSpans extends otlp.ScopeSpans.$Properties {}

  /** Represents a ScopeSpans. */
  class ScopeSpans {
    /**
     * Constructs a new ScopeSpans.
     * @param [properties] Properties to set
     */
    constructor(properties?: otlp.ScopeSpans.$Properties)

    /** Unknown fields preserved while decoding when enabled */
    $unknowns?: Uint8Array[]

    /** ScopeSpans scope. */
    scope?: otlp.InstrumentationScope.$Properties | null

    /** ScopeSpans spans. */
    spans: otlp.Span.$Properties[]

    /** ScopeSpans schemaUrl. */
    schemaUrl: string

    /**
     * Encodes the specified ScopeSpans message. Does not implicitly {@link otlp.ScopeSpans.verify|verify} messages.
     * @param message ScopeSpans message or plain object to encode
     * @param [writer] Writer to encode to
     * @returns Writer
     */
    static encode(message: otlp.ScopeSpans.$Properties, writer?: $protobuf.Writer): $protobuf.Writer

    /**
     * Decodes a ScopeSpans message from the specified reader or buffer.
     * @param reader Reader or buffer to decode from
     * @param [length] Message length if known beforehand
     * @returns {otlp.ScopeSpans & otlp.ScopeSpans.$Shape} ScopeSpans
     * @throws {Error} If the payload is not a reader or valid buffer
     * @throws {$protobuf.util.ProtocolError} If required fields are missing
     */
    static decode(
      reader: $protobuf.Reader | Uint8Array,
      length?: number
    ): otlp.ScopeSpans & otlp.ScopeSpans.$Shape
  }

  namespace ScopeSpans {
    /** Properties of a ScopeSpans. */
    interface $Properties {
      /** ScopeSpans scope */
      scope?: otlp.InstrumentationScope.$Properties | null

      /** ScopeSpans spans */
      spans?: otlp.Span.$Properties[] | null

      /** ScopeSpans schemaUrl */
      schemaUrl?: string | null

      /** Unknown fields preserved while decoding when enabled */
      $unknowns?: Uint8Array[]
    }

    /** Shape of a ScopeSpans. */
    type $Shape = {
      scope?: otlp.InstrumentationScope.$Shape | null
      spans?: otlp.Span.$Shape[] | null
      schemaUrl?: string | null
      $unknowns?: Uint8Array[]
    }
  }

  /**
   * Properties of a Span.
   * @deprecated Use otlp.Span.$Properties instead.
   */
  interface ISpan extends otlp.Span.$Properties {}

  /** Represents a Span. */
  class Span {
    /**
     * Constructs a new Span.
     * @param [properties] Properties to set
     */
    constructor(properties?: otlp.Span.$Properties)

    /** Unknown fields preserved while decoding when enabled */
    $unknowns?: Uint8Array[]

    /** Span traceId. */
    traceId: Uint8Array

    /** Span spanId. */
    spanId: Uint8Array

    /** Span traceState. */
    traceState: string

    /** Span parentSpanId. */
    parentSpanId: Uint8Array

    /** Span flags. */
    flags: number

    /** Span name. */
    name: string

    /** Span kind. */
    kind: number

    /** Span startTimeUnixNano. */
    startTimeUnixNano: number | Long

    /** Span endTimeUnixNano. */
    endTimeUnixNano: number | Long

    /** Span attributes. */
    attributes: otlp.KeyValue.$Properties[]

    /** Span events. */
    events: otlp.Span.Event.$Properties[]

    /** Span status. */
    status?: otlp.Status.$Properties | null

    /**
     * Encodes the specified Span message. Does not implicitly {@link otlp.Span.verify|verify} messages.
     * @param message Span message or plain object to encode
     * @param [writer] Writer to encode to
     * @returns Writer
     */
    static encode(message: otlp.Span.$Properties, writer?: $protobuf.Writer): $protobuf.Writer

    /**
     * Decodes a Span message from the specified reader or buffer.
     * @param reader Reader or buffer to decode from
     * @param [length] Message length if known beforehand
     * @returns {otlp.Span & otlp.Span.$Shape} Span
     * @throws {Error} If the payload is not a reader or valid buffer
     * @throws {$protobuf.util.ProtocolError} If required fields are missing
     */
    static decode(
      reader: $protobuf.Reader | Uint8Array,
      length?: number
    ): otlp.Span & otlp.Span.$Shape
  }

  namespace Span {
    /** Properties of a Span. */
    interface $Properties {
      /** Span traceId */
      traceId?: Uint8Array | null

      /** Span spanId */
      spanId?: Uint8Array | null

      /** Span traceState */
      traceState?: string | null

      /** Span parentSpanId */
      parentSpanId?: Uint8Array | null

      /** Span flags */
      flags?: number | null

      /** Span name */
      name?: string | null

      /** Span kind */
      kind?: number | null

      /** Span startTimeUnixNano */
      startTimeUnixNano?: number | Long | null

      /** Span endTimeUnixNano */
      endTimeUnixNano?: number | Long | null

      /** Span attributes */
      attributes?: otlp.KeyValue.$Properties[] | null

      /** Span events */
      events?: otlp.Span.Event.$Properties[] | null

      /** Span status */
      status?: otlp.Status.$Properties | null

      /** Unknown fields preserved while decoding when enabled */
      $unknowns?: Uint8Array[]
    }

    /** Shape of a Span. */
    type $Shape = {
      traceId?: Uint8Array | null
      spanId?: Uint8Array | null
      traceState?: string | null
      parentSpanId?: Uint8Array | null
      flags?: number | null
      name?: string | null
      kind?: number | null
      startTimeUnixNano?: number | Long | null
      endTimeUnixNano?: number | Long | null
      attributes?: otlp.KeyValue.$Shape[] | null
      events?: otlp.Span.Event.$Shape[] | null
      status?: otlp.Status.$Shape | null
      $unknowns?: Uint8Array[]
    }

    /**
     * Properties of an Event.
     * @deprecated Use otlp.Span.Event.$Properties instead.
     */
    interface IEvent extends otlp.Span.Event.$Properties {}

    /** Represents an Event. */
    class Event {
      /**
       * Constructs a new Event.
       * @param [properties] Properties to set
       */
      constructor(properties?: otlp.Span.Event.$Properties)

      /** Unknown fields preserved while decoding when enabled */
      $unknowns?: Uint8Array[]

      /** Event timeUnixNano. */
      timeUnixNano: number | Long

      /** Event name. */
      name: string

      /** Event attributes. */
      attributes: otlp.KeyValue.$Properties[]

      /**
       * Encodes the specified Event message. Does not implicitly {@link otlp.Span.Event.verify|verify} messages.
       * @param message Event message or plain object to encode
       * @param [writer] Writer to encode to
       * @returns Writer
       */
      static encode(
        message: otlp.Span.Event.$Properties,
        writer?: $protobuf.Writer
      ): $protobuf.Writer

      /**
       * Decodes an Event message from the specified reader or buffer.
       * @param reader Reader or buffer to decode from
       * @param [length] Message length if known beforehand
       * @returns {otlp.Span.Event & otlp.Span.Event.$Shape} Event
       * @throws {Error} If the payload is not a reader or valid buffer
       * @throws {$protobuf.util.ProtocolError} If required fields are missing
       */
      static decode(
        reader: $protobuf.Reader | Uint8Array,
        length?: number
      ): otlp.Span.Event & otlp.Span.Event.$Shape
    }

    namespace Event {
      /** Properties of an Event. */
      interface $Properties {
        /** Event timeUnixNano */
        timeUnixNano?: number | Long | null

        /** Event name */
        name?: string | null

        /** Event attributes */
        attributes?: otlp.KeyValue.$Properties[] | null

        /** Unknown fields preserved while decoding when enabled */
        $unknowns?: Uint8Array[]
      }

      /** Shape of an Event. */
      type $Shape = {
        timeUnixNano?: number | Long | null
        name?: string | null
        attributes?: otlp.KeyValue.$Shape[] | null
        $unknowns?: Uint8Array[]
      }
    }
  }

  /**
   * Properties of a Status.
   * @deprecated Use otlp.Status.$Properties instead.
   */
  interface IStatus extends otlp.Status.$Properties {}

  /** Represents a Status. */
  class Status {
    /**
     * Constructs a new Status.
     * @param [properties] Properties to set
     */
    constructor(properties?: otlp.Status.$Properties)

    /** Unknown fields preserved while decoding when enabled */
    $unknowns?: Uint8Array[]

    /** Status message. */
    message: string

    /** Status code. */
    code: number

    /**
     * Encodes the specified Status message. Does not implicitly {@link otlp.Status.verify|verify} messages.
     * @param message Status message or plain object to encode
     * @param [writer] Writer to encode to
     * @returns Writer
     */
    static encode(message: otlp.Status.$Properties, writer?: $protobuf.Writer): $protobuf.Writer

    /**
     * Decodes a Status message from the specified reader or buffer.
     * @param reader Reader or buffer to decode from
     * @param [length] Message length if known beforehand
     * @returns {otlp.Status & otlp.Status.$Shape} Status
     * @throws {Error} If the payload is not a reader or valid buffer
     * @throws {$protobuf.util.ProtocolError} If required fields are missing
     */
    static decode(
      reader: $protobuf.Reader | Uint8Array,
      length?: number
    ): otlp.Status & otlp.Status.$Shape
  }

  namespace Status {
    /** Properties of a Status. */
    interface $Properties {
      /** Status message */
      message?: string | null

      /** Status code */
      code?: number | null

      /** Unknown fields preserved while decoding when enabled */
      $unknowns?: Uint8Array[]
    }

    /** Shape of a Status. */
    type $Shape = otlp.Status.$Properties
  }

  /**
   * Properties of a ResourceMetrics.
   * @deprecated Use otlp.ResourceMetrics.$Properties instead.
   */
  interface IResourceMetrics extends otlp.ResourceMetrics.$Properties {}

  /** Represents a ResourceMetrics. */
  class ResourceMetrics {
    /**
     * Constructs a new ResourceMetrics.
     * @param [properties] Properties to set
     */
    constructor(properties?: otlp.ResourceMetrics.$Properties)

    /** Unknown fields preserved while decoding when enabled */
    $unknowns?: Uint8Array[]

    /** ResourceMetrics resource. */
    resource?: otlp.Resource.$Properties | null

    /** ResourceMetrics scopeMetrics. */
    scopeMetrics: otlp.ScopeMetrics.$Properties[]

    /** ResourceMetrics schemaUrl. */
    schemaUrl: string

    /**
     * Encodes the specified ResourceMetrics message. Does not implicitly {@link otlp.ResourceMetrics.verify|verify} messages.
     * @param message ResourceMetrics message or plain object to encode
     * @param [writer] Writer to encode to
     * @returns Writer
     */
    static encode(
      message: otlp.ResourceMetrics.$Properties,
      writer?: $protobuf.Writer
    ): $protobuf.Writer

    /**
     * Decodes a ResourceMetrics message from the specified reader or buffer.
     * @param reader Reader or buffer to decode from
     * @param [length] Message length if known beforehand
     * @returns {otlp.ResourceMetrics & otlp.ResourceMetrics.$Shape} ResourceMetrics
     * @throws {Error} If the payload is not a reader or valid buffer
     * @throws {$protobuf.util.ProtocolError} If required fields are missing
     */
    static decode(
      reader: $protobuf.Reader | Uint8Array,
      length?: number
    ): otlp.ResourceMetrics & otlp.ResourceMetrics.$Shape
  }

  namespace ResourceMetrics {
    /** Properties of a ResourceMetrics. */
    interface $Properties {
      /** ResourceMetrics resource */
      resource?: otlp.Resource.$Properties | null

      /** ResourceMetrics scopeMetrics */
      scopeMetrics?: otlp.ScopeMetrics.$Properties[] | null

      /** ResourceMetrics schemaUrl */
      schemaUrl?: string | null

      /** Unknown fields preserved while decoding when enabled */
      $unknowns?: Uint8Array[]
    }

    /** Shape of a ResourceMetrics. */
    type $Shape = {
      resource?: otlp.Resource.$Shape | null
      scopeMetrics?: otlp.ScopeMetrics.$Shape[] | null
      schemaUrl?: string | null
      $unknowns?: Uint8Array[]
    }
  }

  /**
   * Properties of a ScopeMetrics.
   * @deprecated Use otlp.ScopeMetrics.$Properties instead.
   */
  interface IScopeMetrics extends otlp.ScopeMetrics.$Properties {}

  /** Represents a ScopeMetrics. */
  class ScopeMetrics {
    /**
     * Constructs a new ScopeMetrics.
     * @param [properties] Properties to set
     */
    constructor(properties?: otlp.ScopeMetrics.$Properties)

    /** Unknown fields preserved while decoding when enabled */
    $unknowns?: Uint8Array[]

    /** ScopeMetrics scope. */
    scope?: otlp.InstrumentationScope.$Properties | null

    /** ScopeMetrics metrics. */
    metrics: otlp.Metric.$Properties[]

    /** ScopeMetrics schemaUrl. */
    schemaUrl: string

    /**
     * Encodes the specified ScopeMetrics message. Does not implicitly {@link otlp.ScopeMetrics.verify|verify} messages.
     * @param message ScopeMetrics message or plain object to encode
     * @param [writer] Writer to encode to
     * @returns Writer
     */
    static encode(
      message: otlp.ScopeMetrics.$Properties,
      writer?: $protobuf.Writer
    ): $protobuf.Writer

    /**
     * Decodes a ScopeMetrics message from the specified reader or buffer.
     * @param reader Reader or buffer to decode from
     * @param [length] Message length if known beforehand
     * @returns {otlp.ScopeMetrics & otlp.ScopeMetrics.$Shape} ScopeMetrics
     * @throws {Error} If the payload is not a reader or valid buffer
     * @throws {$protobuf.util.ProtocolError} If required fields are missing
     */
    static decode(
      reader: $protobuf.Reader | Uint8Array,
      length?: number
    ): otlp.ScopeMetrics & otlp.ScopeMetrics.$Shape
  }

  namespace ScopeMetrics {
    /** Properties of a ScopeMetrics. */
    interface $Properties {
      /** ScopeMetrics scope */
      scope?: otlp.InstrumentationScope.$Properties | null

      /** ScopeMetrics metrics */
      metrics?: otlp.Metric.$Properties[] | null

      /** ScopeMetrics schemaUrl */
      schemaUrl?: string | null

      /** Unknown fields preserved while decoding when enabled */
      $unknowns?: Uint8Array[]
    }

    /** Shape of a ScopeMetrics. */
    type $Shape = {
      scope?: otlp.InstrumentationScope.$Shape | null
      metrics?: otlp.Metric.$Shape[] | null
      schemaUrl?: string | null
      $unknowns?: Uint8Array[]
    }
  }

  /**
   * Properties of a Metric.
   * @deprecated Use otlp.Metric.$Properties instead.
   */
  interface IMetric extends otlp.Metric.$Properties {}

  /** Represents a Metric. */
  class Metric {
    /**
     * Constructs a new Metric.
     * @param [properties] Properties to set
     */
    constructor(properties?: otlp.Metric.$Properties)

    /** Unknown fields preserved while decoding when enabled */
    $unknowns?: Uint8Array[]

    /** Metric name. */
    name: string

    /** Metric description. */
    description: string

    /** Metric unit. */
    unit: string

    /** Metric gauge. */
    gauge?: otlp.Gauge.$Properties | null

    /** Metric sum. */
    sum?: otlp.Sum.$Properties | null

    /** Metric histogram. */
    histogram?: otlp.Histogram.$Properties | null

    /** Metric exponentialHistogram. */
    exponentialHistogram?: otlp.ExponentialHistogram.$Properties | null

    /** Metric summary. */
    summary?: otlp.Summary.$Properties | null

    /** Metric data. */
    data?: 'gauge' | 'sum' | 'histogram' | 'exponentialHistogram' | 'summary'

    /**
     * Encodes the specified Metric message. Does not implicitly {@link otlp.Metric.verify|verify} messages.
     * @param message Metric message or plain object to encode
     * @param [writer] Writer to encode to
     * @returns Writer
     */
    static encode(message: otlp.Metric.$Properties, writer?: $protobuf.Writer): $protobuf.Writer

    /**
     * Decodes a Metric message from the specified reader or buffer.
     * @param reader Reader or buffer to decode from
     * @param [length] Message length if known beforehand
     * @returns {otlp.Metric & otlp.Metric.$Shape} Metric
     * @throws {Error} If the payload is not a reader or valid buffer
     * @throws {$protobuf.util.ProtocolError} If required fields are missing
     */
    static decode(
      reader: $protobuf.Reader | Uint8Array,
      length?: number
    ): otlp.Metric & otlp.Metric.$Shape
  }

  namespace Metric {
    /** Properties of a Metric. */
    interface $Properties {
      /** Metric name */
      name?: string | null

      /** Metric description */
      description?: string | null

      /** Metric unit */
      unit?: string | null

      /** Metric gauge */
      gauge?: otlp.Gauge.$Properties | null

      /** Metric sum */
      sum?: otlp.Sum.$Properties | null

      /** Metric histogram */
      histogram?: otlp.Histogram.$Properties | null

      /** Metric exponentialHistogram */
      exponentialHistogram?: otlp.ExponentialHistogram.$Properties | null

      /** Metric summary */
      summary?: otlp.Summary.$Properties | null

      /** Metric data */
      data?: 'gauge' | 'sum' | 'histogram' | 'exponentialHistogram' | 'summary'

      /** Unknown fields preserved while decoding when enabled */
      $unknowns?: Uint8Array[]
    }

    /** Narrowed shape of a Metric. */
    type $Shape = {
      name?: string | null
      description?: string | null
      unit?: string | null
      gauge?: otlp.Gauge.$Shape | null
      sum?: otlp.Sum.$Shape | null
      histogram?: otlp.Histogram.$Shape | null
      exponentialHistogram?: otlp.ExponentialHistogram.$Shape | null
      summary?: otlp.Summary.$Shape | null
      $unknowns?: Uint8Array[]
    } & (
      | {
          data?: undefined
          gauge?: null
          sum?: null
          histogram?: null
          exponentialHistogram?: null
          summary?: null
        }
      | {
          data?: 'gauge'
          gauge: otlp.Gauge.$Shape
          sum?: null
          histogram?: null
          exponentialHistogram?: null
          summary?: null
        }
      | {
          data?: 'sum'
          gauge?: null
          sum: otlp.Sum.$Shape
          histogram?: null
          exponentialHistogram?: null
          summary?: null
        }
      | {
          data?: 'histogram'
          gauge?: null
          sum?: null
          histogram: otlp.Histogram.$Shape
          exponentialHistogram?: null
          summary?: null
        }
      | {
          data?: 'exponentialHistogram'
          gauge?: null
          sum?: null
          histogram?: null
          exponentialHistogram: otlp.ExponentialHistogram.$Shape
          summary?: null
        }
      | {
          data?: 'summary'
          gauge?: null
          sum?: null
          histogram?: null
          exponentialHistogram?: null
          summary: otlp.Summary.$Shape
        }
    )
  }

  /**
   * Properties of a Gauge.
   * @deprecated Use otlp.Gauge.$Properties instead.
   */
  interface IGauge extends otlp.Gauge.$Properties {}

  /** Represents a Gauge. */
  class Gauge {
    /**
     * Constructs a new Gauge.
     * @param [properties] Properties to set
     */
    constructor(properties?: otlp.Gauge.$Properties)

    /** Unknown fields preserved while decoding when enabled */
    $unknowns?: Uint8Array[]

    /** Gauge dataPoints. */
    dataPoints: otlp.NumberDataPoint.$Properties[]

    /**
     * Encodes the specified Gauge message. Does not implicitly {@link otlp.Gauge.verify|verify} messages.
     * @param message Gauge message or plain object to encode
     * @param [writer] Writer to encode to
     * @returns Writer
     */
    static encode(message: otlp.Gauge.$Properties, writer?: $protobuf.Writer): $protobuf.Writer

    /**
     * Decodes a Gauge message from the specified reader or buffer.
     * @param reader Reader or buffer to decode from
     * @param [length] Message length if known beforehand
     * @returns {otlp.Gauge & otlp.Gauge.$Shape} Gauge
     * @throws {Error} If the payload is not a reader or valid buffer
     * @throws {$protobuf.util.ProtocolError} If required fields are missing
     */
    static decode(
      reader: $protobuf.Reader | Uint8Array,
      length?: number
    ): otlp.Gauge & otlp.Gauge.$Shape
  }

  namespace Gauge {
    /** Properties of a Gauge. */
    interface $Properties {
      /** Gauge dataPoints */
      dataPoints?: otlp.NumberDataPoint.$Properties[] | null

      /** Unknown fields preserved while decoding when enabled */
      $unknowns?: Uint8Array[]
    }

    /** Shape of a Gauge. */
    type $Shape = {
      dataPoints?: otlp.NumberDataPoint.$Shape[] | null
      $unknowns?: Uint8Array[]
    }
  }

  /**
   * Properties of a Sum.
   * @deprecated Use otlp.Sum.$Properties instead.
   */
  interface ISum extends otlp.Sum.$Properties {}

  /** Represents a Sum. */
  class Sum {
    /**
     * Constructs a new Sum.
     * @param [properties] Properties to set
     */
    constructor(properties?: otlp.Sum.$Properties)

    /** Unknown fields preserved while decoding when enabled */
    $unknowns?: Uint8Array[]

    /** Sum dataPoints. */
    dataPoints: otlp.NumberDataPoint.$Properties[]

    /** Sum aggregationTemporality. */
    aggregationTemporality: number

    /** Sum isMonotonic. */
    isMonotonic: boolean

    /**
     * Encodes the specified Sum message. Does not implicitly {@link otlp.Sum.verify|verify} messages.
     * @param message Sum message or plain object to encode
     * @param [writer] Writer to encode to
     * @returns Writer
     */
    static encode(message: otlp.Sum.$Properties, writer?: $protobuf.Writer): $protobuf.Writer

    /**
     * Decodes a Sum message from the specified reader or buffer.
     * @param reader Reader or buffer to decode from
     * @param [length] Message length if known beforehand
     * @returns {otlp.Sum & otlp.Sum.$Shape} Sum
     * @throws {Error} If the payload is not a reader or valid buffer
     * @throws {$protobuf.util.ProtocolError} If required fields are missing
     */
    static decode(
      reader: $protobuf.Reader | Uint8Array,
      length?: number
    ): otlp.Sum & otlp.Sum.$Shape
  }

  namespace Sum {
    /** Properties of a Sum. */
    interface $Properties {
      /** Sum dataPoints */
      dataPoints?: otlp.NumberDataPoint.$Properties[] | null

      /** Sum aggregationTemporality */
      aggregationTemporality?: number | null

      /** Sum isMonotonic */
      isMonotonic?: boolean | null

      /** Unknown fields preserved while decoding when enabled */
      $unknowns?: Uint8Array[]
    }

    /** Shape of a Sum. */
    type $Shape = {
      dataPoints?: otlp.NumberDataPoint.$Shape[] | null
      aggregationTemporality?: number | null
      isMonotonic?: boolean | null
      $unknowns?: Uint8Array[]
    }
  }

  /**
   * Properties of a Histogram.
   * @deprecated Use otlp.Histogram.$Properties instead.
   */
  interface IHistogram extends otlp.Histogram.$Properties {}

  /** Represents a Histogram. */
  class Histogram {
    /**
     * Constructs a new Histogram.
     * @param [properties] Properties to set
     */
    constructor(properties?: otlp.Histogram.$Properties)

    /** Unknown fields preserved while decoding when enabled */
    $unknowns?: Uint8Array[]

    /** Histogram dataPoints. */
    dataPoints: otlp.HistogramDataPoint.$Properties[]

    /** Histogram aggregationTemporality. */
    aggregationTemporality: number

    /**
     * Encodes the specified Histogram message. Does not implicitly {@link otlp.Histogram.verify|verify} messages.
     * @param message Histogram message or plain object to encode
     * @param [writer] Writer to encode to
     * @returns Writer
     */
    static encode(message: otlp.Histogram.$Properties, writer?: $protobuf.Writer): $protobuf.Writer

    /**
     * Decodes a Histogram message from the specified reader or buffer.
     * @param reader Reader or buffer to decode from
     * @param [length] Message length if known beforehand
     * @returns {otlp.Histogram & otlp.Histogram.$Shape} Histogram
     * @throws {Error} If the payload is not a reader or valid buffer
     * @throws {$protobuf.util.ProtocolError} If required fields are missing
     */
    static decode(
      reader: $protobuf.Reader | Uint8Array,
      length?: number
    ): otlp.Histogram & otlp.Histogram.$Shape
  }

  namespace Histogram {
    /** Properties of a Histogram. */
    interface $Properties {
      /** Histogram dataPoints */
      dataPoints?: otlp.HistogramDataPoint.$Properties[] | null

      /** Histogram aggregationTemporality */
      aggregationTemporality?: number | null

      /** Unknown fields preserved while decoding when enabled */
      $unknowns?: Uint8Array[]
    }

    /** Shape of a Histogram. */
    type $Shape = {
      dataPoints?: otlp.HistogramDataPoint.$Shape[] | null
      aggregationTemporality?: number | null
      $unknowns?: Uint8Array[]
    }
  }

  /**
   * Properties of an ExponentialHistogram.
   * @deprecated Use otlp.ExponentialHistogram.$Properties instead.
   */
  interface IExponentialHistogram extends otlp.ExponentialHistogram.$Properties {}

  /** Represents an ExponentialHistogram. */
  class ExponentialHistogram {
    /**
     * Constructs a new ExponentialHistogram.
     * @param [properties] Properties to set
     */
    constructor(properties?: otlp.ExponentialHistogram.$Properties)

    /** Unknown fields preserved while decoding when enabled */
    $unknowns?: Uint8Array[]

    /** ExponentialHistogram dataPoints. */
    dataPoints: otlp.ExponentialHistogramDataPoint.$Properties[]

    /** ExponentialHistogram aggregationTemporality. */
    aggregationTemporality: number

    /**
     * Encodes the specified ExponentialHistogram message. Does not implicitly {@link otlp.ExponentialHistogram.verify|verify} messages.
     * @param message ExponentialHistogram message or plain object to encode
     * @param [writer] Writer to encode to
     * @returns Writer
     */
    static encode(
      message: otlp.ExponentialHistogram.$Properties,
      writer?: $protobuf.Writer
    ): $protobuf.Writer

    /**
     * Decodes an ExponentialHistogram message from the specified reader or buffer.
     * @param reader Reader or buffer to decode from
     * @param [length] Message length if known beforehand
     * @returns {otlp.ExponentialHistogram & otlp.ExponentialHistogram.$Shape} ExponentialHistogram
     * @throws {Error} If the payload is not a reader or valid buffer
     * @throws {$protobuf.util.ProtocolError} If required fields are missing
     */
    static decode(
      reader: $protobuf.Reader | Uint8Array,
      length?: number
    ): otlp.ExponentialHistogram & otlp.ExponentialHistogram.$Shape
  }

  namespace ExponentialHistogram {
    /** Properties of an ExponentialHistogram. */
    interface $Properties {
      /** ExponentialHistogram dataPoints */
      dataPoints?: otlp.ExponentialHistogramDataPoint.$Properties[] | null

      /** ExponentialHistogram aggregationTemporality */
      aggregationTemporality?: number | null

      /** Unknown fields preserved while decoding when enabled */
      $unknowns?: Uint8Array[]
    }

    /** Shape of an ExponentialHistogram. */
    type $Shape = {
      dataPoints?: otlp.ExponentialHistogramDataPoint.$Shape[] | null
      aggregationTemporality?: number | null
      $unknowns?: Uint8Array[]
    }
  }

  /**
   * Properties of a Summary.
   * @deprecated Use otlp.Summary.$Properties instead.
   */
  interface ISummary extends otlp.Summary.$Properties {}

  /** Represents a Summary. */
  class Summary {
    /**
     * Constructs a new Summary.
     * @param [properties] Properties to set
     */
    constructor(properties?: otlp.Summary.$Properties)

    /** Unknown fields preserved while decoding when enabled */
    $unknowns?: Uint8Array[]

    /** Summary dataPoints. */
    dataPoints: otlp.SummaryDataPoint.$Properties[]

    /**
     * Encodes the specified Summary message. Does not implicitly {@link otlp.Summary.verify|verify} messages.
     * @param message Summary message or plain object to encode
     * @param [writer] Writer to encode to
     * @returns Writer
     */
    static encode(message: otlp.Summary.$Properties, writer?: $protobuf.Writer): $protobuf.Writer

    /**
     * Decodes a Summary message from the specified reader or buffer.
     * @param reader Reader or buffer to decode from
     * @param [length] Message length if known beforehand
     * @returns {otlp.Summary & otlp.Summary.$Shape} Summary
     * @throws {Error} If the payload is not a reader or valid buffer
     * @throws {$protobuf.util.ProtocolError} If required fields are missing
     */
    static decode(
      reader: $protobuf.Reader | Uint8Array,
      length?: number
    ): otlp.Summary & otlp.Summary.$Shape
  }

  namespace Summary {
    /** Properties of a Summary. */
    interface $Properties {
      /** Summary dataPoints */
      dataPoints?: otlp.SummaryDataPoint.$Properties[] | null

      /** Unknown fields preserved while decoding when enabled */
      $unknowns?: Uint8Array[]
    }

    /** Shape of a Summary. */
    type $Shape = {
      dataPoints?: otlp.SummaryDataPoint.$Shape[] | null
      $unknowns?: Uint8Array[]
    }
  }

  /**
   * Properties of a NumberDataPoint.
   * @deprecated Use otlp.NumberDataPoint.$Properties instead.
   */
  interface INumberDataPoint extends otlp.NumberDataPoint.$Properties {}

  /** Represents a NumberDataPoint. */
  class NumberDataPoint {
    /**
     * Constructs a new NumberDataPoint.
     * @param [properties] Properties to set
     */
    constructor(properties?: otlp.NumberDataPoint.$Properties)

    /** Unknown fields preserved while decoding when enabled */
    $unknowns?: Uint8Array[]

    /** NumberDataPoint attributes. */
    attributes: otlp.KeyValue.$Properties[]

    /** NumberDataPoint startTimeUnixNano. */
    startTimeUnixNano: number | Long

    /** NumberDataPoint timeUnixNano. */
    timeUnixNano: number | Long

    /** NumberDataPoint asDouble. */
    asDouble?: number | null

    /** NumberDataPoint asInt. */
    asInt?: number | Long | null

    /** NumberDataPoint flags. */
    flags: number

    /** NumberDataPoint value. */
    value?: 'asDouble' | 'asInt'

    /**
     * Encodes the specified NumberDataPoint message. Does not implicitly {@link otlp.NumberDataPoint.verify|verify} messages.
     * @param message NumberDataPoint message or plain object to encode
     * @param [writer] Writer to encode to
     * @returns Writer
     */
    static encode(
      message: otlp.NumberDataPoint.$Properties,
      writer?: $protobuf.Writer
    ): $protobuf.Writer

    /**
     * Decodes a NumberDataPoint message from the specified reader or buffer.
     * @param reader Reader or buffer to decode from
     * @param [length] Message length if known beforehand
     * @returns {otlp.NumberDataPoint & otlp.NumberDataPoint.$Shape} NumberDataPoint
     * @throws {Error} If the payload is not a reader or valid buffer
     * @throws {$protobuf.util.ProtocolError} If required fields are missing
     */
    static decode(
      reader: $protobuf.Reader | Uint8Array,
      length?: number
    ): otlp.NumberDataPoint & otlp.NumberDataPoint.$Shape
  }

  namespace NumberDataPoint {
    /** Properties of a NumberDataPoint. */
    interface $Properties {
      /** NumberDataPoint attributes */
      attributes?: otlp.KeyValue.$Properties[] | null

      /** NumberDataPoint startTimeUnixNano */
      startTimeUnixNano?: number | Long | null

      /** NumberDataPoint timeUnixNano */
      timeUnixNano?: number | Long | null

      /** NumberDataPoint asDouble */
      asDouble?: number | null

      /** NumberDataPoint asInt */
      asInt?: number | Long | null

      /** NumberDataPoint flags */
      flags?: number | null

      /** NumberDataPoint value */
      value?: 'asDouble' | 'asInt'

      /** Unknown fields preserved while decoding when enabled */
      $unknowns?: Uint8Array[]
    }

    /** Narrowed shape of a NumberDataPoint. */
    type $Shape = {
      attributes?: otlp.KeyValue.$Shape[] | null
      startTimeUnixNano?: number | Long | null
      timeUnixNano?: number | Long | null
      asDouble?: number | null
      asInt?: number | Long | null
      flags?: number | null
      $unknowns?: Uint8Array[]
    } & (
      | { value?: undefined; asDouble?: null; asInt?: null }
      | { value?: 'asDouble'; asDouble: number; asInt?: null }
      | { value?: 'asInt'; asDouble?: null; asInt: number | Long }
    )
  }

  /**
   * Properties of a HistogramDataPoint.
   * @deprecated Use otlp.HistogramDataPoint.$Properties instead.
   */
  interface IHistogramDataPoint extends otlp.HistogramDataPoint.$Properties {}

  /** Represents a HistogramDataPoint. */
  class HistogramDataPoint {
    /**
     * Constructs a new HistogramDataPoint.
     * @param [properties] Properties to set
     */
    constructor(properties?: otlp.HistogramDataPoint.$Properties)

    /** Unknown fields preserved while decoding when enabled */
    $unknowns?: Uint8Array[]

    /** HistogramDataPoint attributes. */
    attributes: otlp.KeyValue.$Properties[]

    /** HistogramDataPoint startTimeUnixNano. */
    startTimeUnixNano: number | Long

    /** HistogramDataPoint timeUnixNano. */
    timeUnixNano: number | Long

    /** HistogramDataPoint count. */
    count: number | Long

    /** HistogramDataPoint sum. */
    sum?: number | null

    /** HistogramDataPoint bucketCounts. */
    bucketCounts: (number | Long)[]

    /** HistogramDataPoint explicitBounds. */
    explicitBounds: number[]

    /** HistogramDataPoint flags. */
    flags: number

    /** HistogramDataPoint min. */
    min?: number | null

    /** HistogramDataPoint max. */
    max?: number | null

    /**
     * Encodes the specified HistogramDataPoint message. Does not implicitly {@link otlp.HistogramDataPoint.verify|verify} messages.
     * @param message HistogramDataPoint message or plain object to encode
     * @param [writer] Writer to encode to
     * @returns Writer
     */
    static encode(
      message: otlp.HistogramDataPoint.$Properties,
      writer?: $protobuf.Writer
    ): $protobuf.Writer

    /**
     * Decodes a HistogramDataPoint message from the specified reader or buffer.
     * @param reader Reader or buffer to decode from
     * @param [length] Message length if known beforehand
     * @returns {otlp.HistogramDataPoint & otlp.HistogramDataPoint.$Shape} HistogramDataPoint
     * @throws {Error} If the payload is not a reader or valid buffer
     * @throws {$protobuf.util.ProtocolError} If required fields are missing
     */
    static decode(
      reader: $protobuf.Reader | Uint8Array,
      length?: number
    ): otlp.HistogramDataPoint & otlp.HistogramDataPoint.$Shape
  }

  namespace HistogramDataPoint {
    /** Properties of a HistogramDataPoint. */
    interface $Properties {
      /** HistogramDataPoint attributes */
      attributes?: otlp.KeyValue.$Properties[] | null

      /** HistogramDataPoint startTimeUnixNano */
      startTimeUnixNano?: number | Long | null

      /** HistogramDataPoint timeUnixNano */
      timeUnixNano?: number | Long | null

      /** HistogramDataPoint count */
      count?: number | Long | null

      /** HistogramDataPoint sum */
      sum?: number | null

      /** HistogramDataPoint bucketCounts */
      bucketCounts?: (number | Long)[] | null

      /** HistogramDataPoint explicitBounds */
      explicitBounds?: number[] | null

      /** HistogramDataPoint flags */
      flags?: number | null

      /** HistogramDataPoint min */
      min?: number | null

      /** HistogramDataPoint max */
      max?: number | null

      /** Unknown fields preserved while decoding when enabled */
      $unknowns?: Uint8Array[]
    }

    /** Shape of a HistogramDataPoint. */
    type $Shape = {
      attributes?: otlp.KeyValue.$Shape[] | null
      startTimeUnixNano?: number | Long | null
      timeUnixNano?: number | Long | null
      count?: number | Long | null
      sum?: number | null
      bucketCounts?: (number | Long)[] | null
      explicitBounds?: number[] | null
      flags?: number | null
      min?: number | null
      max?: number | null
      $unknowns?: Uint8Array[]
    }
  }

  /**
   * Properties of an ExponentialHistogramDataPoint.
   * @deprecated Use otlp.ExponentialHistogramDataPoint.$Properties instead.
   */
  interface IExponentialHistogramDataPoint extends otlp.ExponentialHistogramDataPoint.$Properties {}

  /** Represents an ExponentialHistogramDataPoint. */
  class ExponentialHistogramDataPoint {
    /**
     * Constructs a new ExponentialHistogramDataPoint.
     * @param [properties] Properties to set
     */
    constructor(properties?: otlp.ExponentialHistogramDataPoint.$Properties)

    /** Unknown fields preserved while decoding when enabled */
    $unknowns?: Uint8Array[]

    /** ExponentialHistogramDataPoint attributes. */
    attributes: otlp.KeyValue.$Properties[]

    /** ExponentialHistogramDataPoint startTimeUnixNano. */
    startTimeUnixNano: number | Long

    /** ExponentialHistogramDataPoint timeUnixNano. */
    timeUnixNano: number | Long

    /** ExponentialHistogramDataPoint count. */
    count: number | Long

    /** ExponentialHistogramDataPoint sum. */
    sum?: number | null

    /** ExponentialHistogramDataPoint scale. */
    scale: number

    /** ExponentialHistogramDataPoint zeroCount. */
    zeroCount: number | Long

    /** ExponentialHistogramDataPoint positive. */
    positive?: otlp.ExponentialHistogramDataPoint.Buckets.$Properties | null

    /** ExponentialHistogramDataPoint negative. */
    negative?: otlp.ExponentialHistogramDataPoint.Buckets.$Properties | null

    /** ExponentialHistogramDataPoint flags. */
    flags: number

    /** ExponentialHistogramDataPoint min. */
    min?: number | null

    /** ExponentialHistogramDataPoint max. */
    max?: number | null

    /** ExponentialHistogramDataPoint zeroThreshold. */
    zeroThreshold: number

    /**
     * Encodes the specified ExponentialHistogramDataPoint message. Does not implicitly {@link otlp.ExponentialHistogramDataPoint.verify|verify} messages.
     * @param message ExponentialHistogramDataPoint message or plain object to encode
     * @param [writer] Writer to encode to
     * @returns Writer
     */
    static encode(
      message: otlp.ExponentialHistogramDataPoint.$Properties,
      writer?: $protobuf.Writer
    ): $protobuf.Writer

    /**
     * Decodes an ExponentialHistogramDataPoint message from the specified reader or buffer.
     * @param reader Reader or buffer to decode from
     * @param [length] Message length if known beforehand
     * @returns {otlp.ExponentialHistogramDataPoint & otlp.ExponentialHistogramDataPoint.$Shape} ExponentialHistogramDataPoint
     * @throws {Error} If the payload is not a reader or valid buffer
     * @throws {$protobuf.util.ProtocolError} If required fields are missing
     */
    static decode(
      reader: $protobuf.Reader | Uint8Array,
      length?: number
    ): otlp.ExponentialHistogramDataPoint & otlp.ExponentialHistogramDataPoint.$Shape
  }

  namespace ExponentialHistogramDataPoint {
    /** Properties of an ExponentialHistogramDataPoint. */
    interface $Properties {
      /** ExponentialHistogramDataPoint attributes */
      attributes?: otlp.KeyValue.$Properties[] | null

      /** ExponentialHistogramDataPoint startTimeUnixNano */
      startTimeUnixNano?: number | Long | null

      /** ExponentialHistogramDataPoint timeUnixNano */
      timeUnixNano?: number | Long | null

      /** ExponentialHistogramDataPoint count */
      count?: number | Long | null

      /** ExponentialHistogramDataPoint sum */
      sum?: number | null

      /** ExponentialHistogramDataPoint scale */
      scale?: number | null

      /** ExponentialHistogramDataPoint zeroCount */
      zeroCount?: number | Long | null

      /** ExponentialHistogramDataPoint positive */
      positive?: otlp.ExponentialHistogramDataPoint.Buckets.$Properties | null

      /** ExponentialHistogramDataPoint negative */
      negative?: otlp.ExponentialHistogramDataPoint.Buckets.$Properties | null

      /** ExponentialHistogramDataPoint flags */
      flags?: number | null

      /** ExponentialHistogramDataPoint min */
      min?: number | null

      /** ExponentialHistogramDataPoint max */
      max?: number | null

      /** ExponentialHistogramDataPoint zeroThreshold */
      zeroThreshold?: number | null

      /** Unknown fields preserved while decoding when enabled */
      $unknowns?: Uint8Array[]
    }

    /** Shape of an ExponentialHistogramDataPoint. */
    type $Shape = {
      attributes?: otlp.KeyValue.$Shape[] | null
      startTimeUnixNano?: number | Long | null
      timeUnixNano?: number | Long | null
      count?: number | Long | null
      sum?: number | null
      scale?: number | null
      zeroCount?: number | Long | null
      positive?: otlp.ExponentialHistogramDataPoint.Buckets.$Shape | null
      negative?: otlp.ExponentialHistogramDataPoint.Buckets.$Shape | null
      flags?: number | null
      min?: number | null
      max?: number | null
      zeroThreshold?: number | null
      $unknowns?: Uint8Array[]
    }

    /**
     * Properties of a Buckets.
     * @deprecated Use otlp.ExponentialHistogramDataPoint.Buckets.$Properties instead.
     */
    interface IBuckets extends otlp.ExponentialHistogramDataPoint.Buckets.$Properties {}

    /** Represents a Buckets. */
    class Buckets {
      /**
       * Constructs a new Buckets.
       * @param [properties] Properties to set
       */
      constructor(properties?: otlp.ExponentialHistogramDataPoint.Buckets.$Properties)

      /** Unknown fields preserved while decoding when enabled */
      $unknowns?: Uint8Array[]

      /** Buckets offset. */
      offset: number

      /** Buckets bucketCounts. */
      bucketCounts: (number | Long)[]

      /**
       * Encodes the specified Buckets message. Does not implicitly {@link otlp.ExponentialHistogramDataPoint.Buckets.verify|verify} messages.
       * @param message Buckets message or plain object to encode
       * @param [writer] Writer to encode to
       * @returns Writer
       */
      static encode(
        message: otlp.ExponentialHistogramDataPoint.Buckets.$Properties,
        writer?: $protobuf.Writer
      ): $protobuf.Writer

      /**
       * Decodes a Buckets message from the specified reader or buffer.
       * @param reader Reader or buffer to decode from
       * @param [length] Message length if known beforehand
       * @returns {otlp.ExponentialHistogramDataPoint.Buckets & otlp.ExponentialHistogramDataPoint.Buckets.$Shape} Buckets
       * @throws {Error} If the payload is not a reader or valid buffer
       * @throws {$protobuf.util.ProtocolError} If required fields are missing
       */
      static decode(
        reader: $protobuf.Reader | Uint8Array,
        length?: number
      ): otlp.ExponentialHistogramDataPoint.Buckets &
        otlp.ExponentialHistogramDataPoint.Buckets.$Shape
    }

    namespace Buckets {
      /** Properties of a Buckets. */
      interface $Properties {
        /** Buckets offset */
        offset?: number | null

        /** Buckets bucketCounts */
        bucketCounts?: (number | Long)[] | null

        /** Unknown fields preserved while decoding when enabled */
        $unknowns?: Uint8Array[]
      }

      /** Shape of a Buckets. */
      type $Shape = otlp.ExponentialHistogramDataPoint.Buckets.$Properties
    }
  }

  /**
   * Properties of a SummaryDataPoint.
   * @deprecated Use otlp.SummaryDataPoint.$Properties instead.
   */
  interface ISummaryDataPoint extends otlp.SummaryDataPoint.$Properties {}

  /** Represents a SummaryDataPoint. */
  class SummaryDataPoint {
    /**
     * Constructs a new SummaryDataPoint.
     * @param [properties] Properties to set
     */
    constructor(properties?: otlp.SummaryDataPoint.$Properties)

    /** Unknown fields preserved while decoding when enabled */
    $unknowns?: Uint8Array[]

    /** SummaryDataPoint attributes. */
    attributes: otlp.KeyValue.$Properties[]

    /** SummaryDataPoint startTimeUnixNano. */
    startTimeUnixNano: number | Long

    /** SummaryDataPoint timeUnixNano. */
    timeUnixNano: number | Long

    /** SummaryDataPoint count. */
    count: number | Long

    /** SummaryDataPoint sum. */
    sum: number

    /** SummaryDataPoint quantileValues. */
    quantileValues: otlp.SummaryDataPoint.ValueAtQuantile.$Properties[]

    /** SummaryDataPoint flags. */
    flags: number

    /**
     * Encodes the specified SummaryDataPoint message. Does not implicitly {@link otlp.SummaryDataPoint.verify|verify} messages.
     * @param message SummaryDataPoint message or plain object to encode
     * @param [writer] Writer to encode to
     * @returns Writer
     */
    static encode(
      message: otlp.SummaryDataPoint.$Properties,
      writer?: $protobuf.Writer
    ): $protobuf.Writer

    /**
     * Decodes a SummaryDataPoint message from the specified reader or buffer.
     * @param reader Reader or buffer to decode from
     * @param [length] Message length if known beforehand
     * @returns {otlp.SummaryDataPoint & otlp.SummaryDataPoint.$Shape} SummaryDataPoint
     * @throws {Error} If the payload is not a reader or valid buffer
     * @throws {$protobuf.util.ProtocolError} If required fields are missing
     */
    static decode(
      reader: $protobuf.Reader | Uint8Array,
      length?: number
    ): otlp.SummaryDataPoint & otlp.SummaryDataPoint.$Shape
  }

  namespace SummaryDataPoint {
    /** Properties of a SummaryDataPoint. */
    interface $Properties {
      /** SummaryDataPoint attributes */
      attributes?: otlp.KeyValue.$Properties[] | null

      /** SummaryDataPoint startTimeUnixNano */
      startTimeUnixNano?: number | Long | null

      /** SummaryDataPoint timeUnixNano */
      timeUnixNano?: number | Long | null

      /** SummaryDataPoint count */
      count?: number | Long | null

      /** SummaryDataPoint sum */
      sum?: number | null

      /** SummaryDataPoint quantileValues */
      quantileValues?: otlp.SummaryDataPoint.ValueAtQuantile.$Properties[] | null

      /** SummaryDataPoint flags */
      flags?: number | null

      /** Unknown fields preserved while decoding when enabled */
      $unknowns?: Uint8Array[]
    }

    /** Shape of a SummaryDataPoint. */
    type $Shape = {
      attributes?: otlp.KeyValue.$Shape[] | null
      startTimeUnixNano?: number | Long | null
      timeUnixNano?: number | Long | null
      count?: number | Long | null
      sum?: number | null
      quantileValues?: otlp.SummaryDataPoint.ValueAtQuantile.$Shape[] | null
      flags?: number | null
      $unknowns?: Uint8Array[]
    }

    /**
     * Properties of a ValueAtQuantile.
     * @deprecated Use otlp.SummaryDataPoint.ValueAtQuantile.$Properties instead.
     */
    interface IValueAtQuantile extends otlp.SummaryDataPoint.ValueAtQuantile.$Properties {}

    /** Represents a ValueAtQuantile. */
    class ValueAtQuantile {
      /**
       * Constructs a new ValueAtQuantile.
       * @param [properties] Properties to set
       */
      constructor(properties?: otlp.SummaryDataPoint.ValueAtQuantile.$Properties)

      /** Unknown fields preserved while decoding when enabled */
      $unknowns?: Uint8Array[]

      /** ValueAtQuantile quantile. */
      quantile: number

      /** ValueAtQuantile value. */
      value: number

      /**
       * Encodes the specified ValueAtQuantile message. Does not implicitly {@link otlp.SummaryDataPoint.ValueAtQuantile.verify|verify} messages.
       * @param message ValueAtQuantile message or plain object to encode
       * @param [writer] Writer to encode to
       * @returns Writer
       */
      static encode(
        message: otlp.SummaryDataPoint.ValueAtQuantile.$Properties,
        writer?: $protobuf.Writer
      ): $protobuf.Writer

      /**
       * Decodes a ValueAtQuantile message from the specified reader or buffer.
       * @param reader Reader or buffer to decode from
       * @param [length] Message length if known beforehand
       * @returns {otlp.SummaryDataPoint.ValueAtQuantile & otlp.SummaryDataPoint.ValueAtQuantile.$Shape} ValueAtQuantile
       * @throws {Error} If the payload is not a reader or valid buffer
       * @throws {$protobuf.util.ProtocolError} If required fields are missing
       */
      static decode(
        reader: $protobuf.Reader | Uint8Array,
        length?: number
      ): otlp.SummaryDataPoint.ValueAtQuantile & otlp.SummaryDataPoint.ValueAtQuantile.$Shape
    }

    namespace ValueAtQuantile {
      /** Properties of a ValueAtQuantile. */
      interface $Properties {
        /** ValueAtQuantile quantile */
        quantile?: number | null

        /** ValueAtQuantile value */
        value?: number | null

        /** Unknown fields preserved while decoding when enabled */
        $unknowns?: Uint8Array[]
      }

      /** Shape of a ValueAtQuantile. */
      type $Shape = otlp.SummaryDataPoint.ValueAtQuantile.$Properties
    }
  }

  /**
   * Properties of an ExportTraceServiceRequest.
   * @deprecated Use otlp.ExportTraceServiceRequest.$Properties instead.
   */
  interface IExportTraceServiceRequest extends otlp.ExportTraceServiceRequest.$Properties {}

  /** Represents an ExportTraceServiceRequest. */
  class ExportTraceServiceRequest {
    /**
     * Constructs a new ExportTraceServiceRequest.
     * @param [properties] Properties to set
     */
    constructor(properties?: otlp.ExportTraceServiceRequest.$Properties)

    /** Unknown fields preserved while decoding when enabled */
    $unknowns?: Uint8Array[]

    /** ExportTraceServiceRequest resourceSpans. */
    resourceSpans: otlp.ResourceSpans.$Properties[]

    /**
     * Encodes the specified ExportTraceServiceRequest message. Does not implicitly {@link otlp.ExportTraceServiceRequest.verify|verify} messages.
     * @param message ExportTraceServiceRequest message or plain object to encode
     * @param [writer] Writer to encode to
     * @returns Writer
     */
    static encode(
      message: otlp.ExportTraceServiceRequest.$Properties,
      writer?: $protobuf.Writer
    ): $protobuf.Writer

    /**
     * Decodes an ExportTraceServiceRequest message from the specified reader or buffer.
     * @param reader Reader or buffer to decode from
     * @param [length] Message length if known beforehand
     * @returns {otlp.ExportTraceServiceRequest & otlp.ExportTraceServiceRequest.$Shape} ExportTraceServiceRequest
     * @throws {Error} If the payload is not a reader or valid buffer
     * @throws {$protobuf.util.ProtocolError} If required fields are missing
     */
    static decode(
      reader: $protobuf.Reader | Uint8Array,
      length?: number
    ): otlp.ExportTraceServiceRequest & otlp.ExportTraceServiceRequest.$Shape
  }

  namespace ExportTraceServiceRequest {
    /** Properties of an ExportTraceServiceRequest. */
    interface $Properties {
      /** ExportTraceServiceRequest resourceSpans */
      resourceSpans?: otlp.ResourceSpans.$Properties[] | null

      /** Unknown fields preserved while decoding when enabled */
      $unknowns?: Uint8Array[]
    }

    /** Shape of an ExportTraceServiceRequest. */
    type $Shape = {
      resourceSpans?: otlp.ResourceSpans.$Shape[] | null
      $unknowns?: Uint8Array[]
    }
  }

  /**
   * Properties of an ExportTraceServiceResponse.
   * @deprecated Use otlp.ExportTraceServiceResponse.$Properties instead.
   */
  interface IExportTraceServiceResponse extends otlp.ExportTraceServiceResponse.$Properties {}

  /** Represents an ExportTraceServiceResponse. */
  class ExportTraceServiceResponse {
    /**
     * Constructs a new ExportTraceServiceResponse.
     * @param [properties] Properties to set
     */
    constructor(properties?: otlp.ExportTraceServiceResponse.$Properties)

    /** Unknown fields preserved while decoding when enabled */
    $unknowns?: Uint8Array[]

    /** ExportTraceServiceResponse partialSuccess. */
    partialSuccess?: otlp.ExportTracePartialSuccess.$Properties | null

    /**
     * Encodes the specified ExportTraceServiceResponse message. Does not implicitly {@link otlp.ExportTraceServiceResponse.verify|verify} messages.
     * @param message ExportTraceServiceResponse message or plain object to encode
     * @param [writer] Writer to encode to
     * @returns Writer
     */
    static encode(
      message: otlp.ExportTraceServiceResponse.$Properties,
      writer?: $protobuf.Writer
    ): $protobuf.Writer

    /**
     * Decodes an ExportTraceServiceResponse message from the specified reader or buffer.
     * @param reader Reader or buffer to decode from
     * @param [length] Message length if known beforehand
     * @returns {otlp.ExportTraceServiceResponse & otlp.ExportTraceServiceResponse.$Shape} ExportTraceServiceResponse
     * @throws {Error} If the payload is not a reader or valid buffer
     * @throws {$protobuf.util.ProtocolError} If required fields are missing
     */
    static decode(
      reader: $protobuf.Reader | Uint8Array,
      length?: number
    ): otlp.ExportTraceServiceResponse & otlp.ExportTraceServiceResponse.$Shape
  }

  namespace ExportTraceServiceResponse {
    /** Properties of an ExportTraceServiceResponse. */
    interface $Properties {
      /** ExportTraceServiceResponse partialSuccess */
      partialSuccess?: otlp.ExportTracePartialSuccess.$Properties | null

      /** Unknown fields preserved while decoding when enabled */
      $unknowns?: Uint8Array[]
    }

    /** Shape of an ExportTraceServiceResponse. */
    type $Shape = otlp.ExportTraceServiceResponse.$Properties
  }

  /**
   * Properties of an ExportTracePartialSuccess.
   * @deprecated Use otlp.ExportTracePartialSuccess.$Properties instead.
   */
  interface IExportTracePartialSuccess extends otlp.ExportTracePartialSuccess.$Properties {}

  /** Represents an ExportTracePartialSuccess. */
  class ExportTracePartialSuccess {
    /**
     * Constructs a new ExportTracePartialSuccess.
     * @param [properties] Properties to set
     */
    constructor(properties?: otlp.ExportTracePartialSuccess.$Properties)

    /** Unknown fields preserved while decoding when enabled */
    $unknowns?: Uint8Array[]

    /** ExportTracePartialSuccess rejectedSpans. */
    rejectedSpans: number | Long

    /** ExportTracePartialSuccess errorMessage. */
    errorMessage: string

    /**
     * Encodes the specified ExportTracePartialSuccess message. Does not implicitly {@link otlp.ExportTracePartialSuccess.verify|verify} messages.
     * @param message ExportTracePartialSuccess message or plain object to encode
     * @param [writer] Writer to encode to
     * @returns Writer
     */
    static encode(
      message: otlp.ExportTracePartialSuccess.$Properties,
      writer?: $protobuf.Writer
    ): $protobuf.Writer

    /**
     * Decodes an ExportTracePartialSuccess message from the specified reader or buffer.
     * @param reader Reader or buffer to decode from
     * @param [length] Message length if known beforehand
     * @returns {otlp.ExportTracePartialSuccess & otlp.ExportTracePartialSuccess.$Shape} ExportTracePartialSuccess
     * @throws {Error} If the payload is not a reader or valid buffer
     * @throws {$protobuf.util.ProtocolError} If required fields are missing
     */
    static decode(
      reader: $protobuf.Reader | Uint8Array,
      length?: number
    ): otlp.ExportTracePartialSuccess & otlp.ExportTracePartialSuccess.$Shape
  }

  namespace ExportTracePartialSuccess {
    /** Properties of an ExportTracePartialSuccess. */
    interface $Properties {
      /** ExportTracePartialSuccess rejectedSpans */
      rejectedSpans?: number | Long | null

      /** ExportTracePartialSuccess errorMessage */
      errorMessage?: string | null

      /** Unknown fields preserved while decoding when enabled */
      $unknowns?: Uint8Array[]
    }

    /** Shape of an ExportTracePartialSuccess. */
    type $Shape = otlp.ExportTracePartialSuccess.$Properties
  }

  /**
   * Properties of an ExportMetricsServiceRequest.
   * @deprecated Use otlp.ExportMetricsServiceRequest.$Properties instead.
   */
  interface IExportMetricsServiceRequest extends otlp.ExportMetricsServiceRequest.$Properties {}

  /** Represents an ExportMetricsServiceRequest. */
  class ExportMetricsServiceRequest {
    /**
     * Constructs a new ExportMetricsServiceRequest.
     * @param [properties] Properties to set
     */
    constructor(properties?: otlp.ExportMetricsServiceRequest.$Properties)

    /** Unknown fields preserved while decoding when enabled */
    $unknowns?: Uint8Array[]

    /** ExportMetricsServiceRequest resourceMetrics. */
    resourceMetrics: otlp.ResourceMetrics.$Properties[]

    /**
     * Encodes the specified ExportMetricsServiceRequest message. Does not implicitly {@link otlp.ExportMetricsServiceRequest.verify|verify} messages.
     * @param message ExportMetricsServiceRequest message or plain object to encode
     * @param [writer] Writer to encode to
     * @returns Writer
     */
    static encode(
      message: otlp.ExportMetricsServiceRequest.$Properties,
      writer?: $protobuf.Writer
    ): $protobuf.Writer

    /**
     * Decodes an ExportMetricsServiceRequest message from the specified reader or buffer.
     * @param reader Reader or buffer to decode from
     * @param [length] Message length if known beforehand
     * @returns {otlp.ExportMetricsServiceRequest & otlp.ExportMetricsServiceRequest.$Shape} ExportMetricsServiceRequest
     * @throws {Error} If the payload is not a reader or valid buffer
     * @throws {$protobuf.util.ProtocolError} If required fields are missing
     */
    static decode(
      reader: $protobuf.Reader | Uint8Array,
      length?: number
    ): otlp.ExportMetricsServiceRequest & otlp.ExportMetricsServiceRequest.$Shape
  }

  namespace ExportMetricsServiceRequest {
    /** Properties of an ExportMetricsServiceRequest. */
    interface $Properties {
      /** ExportMetricsServiceRequest resourceMetrics */
      resourceMetrics?: otlp.ResourceMetrics.$Properties[] | null

      /** Unknown fields preserved while decoding when enabled */
      $unknowns?: Uint8Array[]
    }

    /** Shape of an ExportMetricsServiceRequest. */
    type $Shape = {
      resourceMetrics?: otlp.ResourceMetrics.$Shape[] | null
      $unknowns?: Uint8Array[]
    }
  }

  /**
   * Properties of an ExportMetricsServiceResponse.
   * @deprecated Use otlp.ExportMetricsServiceResponse.$Properties instead.
   */
  interface IExportMetricsServiceResponse extends otlp.ExportMetricsServiceResponse.$Properties {}

  /** Represents an ExportMetricsServiceResponse. */
  class ExportMetricsServiceResponse {
    /**
     * Constructs a new ExportMetricsServiceResponse.
     * @param [properties] Properties to set
     */
    constructor(properties?: otlp.ExportMetricsServiceResponse.$Properties)

    /** Unknown fields preserved while decoding when enabled */
    $unknowns?: Uint8Array[]

    /** ExportMetricsServiceResponse partialSuccess. */
    partialSuccess?: otlp.ExportMetricsPartialSuccess.$Properties | null

    /**
     * Encodes the specified ExportMetricsServiceResponse message. Does not implicitly {@link otlp.ExportMetricsServiceResponse.verify|verify} messages.
     * @param message ExportMetricsServiceResponse message or plain object to encode
     * @param [writer] Writer to encode to
     * @returns Writer
     */
    static encode(
      message: otlp.ExportMetricsServiceResponse.$Properties,
      writer?: $protobuf.Writer
    ): $protobuf.Writer

    /**
     * Decodes an ExportMetricsServiceResponse message from the specified reader or buffer.
     * @param reader Reader or buffer to decode from
     * @param [length] Message length if known beforehand
     * @returns {otlp.ExportMetricsServiceResponse & otlp.ExportMetricsServiceResponse.$Shape} ExportMetricsServiceResponse
     * @throws {Error} If the payload is not a reader or valid buffer
     * @throws {$protobuf.util.ProtocolError} If required fields are missing
     */
    static decode(
      reader: $protobuf.Reader | Uint8Array,
      length?: number
    ): otlp.ExportMetricsServiceResponse & otlp.ExportMetricsServiceResponse.$Shape
  }

  namespace ExportMetricsServiceResponse {
    /** Properties of an ExportMetricsServiceResponse. */
    interface $Properties {
      /** ExportMetricsServiceResponse partialSuccess */
      partialSuccess?: otlp.ExportMetricsPartialSuccess.$Properties | null

      /** Unknown fields preserved while decoding when enabled */
      $unknowns?: Uint8Array[]
    }

    /** Shape of an ExportMetricsServiceResponse. */
    type $Shape = otlp.ExportMetricsServiceResponse.$Properties
  }

  /**
   * Properties of an ExportMetricsPartialSuccess.
   * @deprecated Use otlp.ExportMetricsPartialSuccess.$Properties instead.
   */
  interface IExportMetricsPartialSuccess extends otlp.ExportMetricsPartialSuccess.$Properties {}

  /** Represents an ExportMetricsPartialSuccess. */
  class ExportMetricsPartialSuccess {
    /**
     * Constructs a new ExportMetricsPartialSuccess.
     * @param [properties] Properties to set
     */
    constructor(properties?: otlp.ExportMetricsPartialSuccess.$Properties)

    /** Unknown fields preserved while decoding when enabled */
    $unknowns?: Uint8Array[]

    /** ExportMetricsPartialSuccess rejectedDataPoints. */
    rejectedDataPoints: number | Long

    /** ExportMetricsPartialSuccess errorMessage. */
    errorMessage: string

    /**
     * Encodes the specified ExportMetricsPartialSuccess message. Does not implicitly {@link otlp.ExportMetricsPartialSuccess.verify|verify} messages.
     * @param message ExportMetricsPartialSuccess message or plain object to encode
     * @param [writer] Writer to encode to
     * @returns Writer
     */
    static encode(
      message: otlp.ExportMetricsPartialSuccess.$Properties,
      writer?: $protobuf.Writer
    ): $protobuf.Writer

    /**
     * Decodes an ExportMetricsPartialSuccess message from the specified reader or buffer.
     * @param reader Reader or buffer to decode from
     * @param [length] Message length if known beforehand
     * @returns {otlp.ExportMetricsPartialSuccess & otlp.ExportMetricsPartialSuccess.$Shape} ExportMetricsPartialSuccess
     * @throws {Error} If the payload is not a reader or valid buffer
     * @throws {$protobuf.util.ProtocolError} If required fields are missing
     */
    static decode(
      reader: $protobuf.Reader | Uint8Array,
      length?: number
    ): otlp.ExportMetricsPartialSuccess & otlp.ExportMetricsPartialSuccess.$Shape
  }

  namespace ExportMetricsPartialSuccess {
    /** Properties of an ExportMetricsPartialSuccess. */
    interface $Properties {
      /** ExportMetricsPartialSuccess rejectedDataPoints */
      rejectedDataPoints?: number | Long | null

      /** ExportMetricsPartialSuccess errorMessage */
      errorMessage?: string | null

      /** Unknown fields preserved while decoding when enabled */
      $unknowns?: Uint8Array[]
    }

    /** Shape of an ExportMetricsPartialSuccess. */
    type $Shape = otlp.ExportMetricsPartialSuccess.$Properties
  }

  /**
   * Properties of a RpcStatus.
   * @deprecated Use otlp.RpcStatus.$Properties instead.
   */
  interface IRpcStatus extends otlp.RpcStatus.$Properties {}

  /** Represents a RpcStatus. */
  class RpcStatus {
    /**
     * Constructs a new RpcStatus.
     * @param [properties] Properties to set
     */
    constructor(properties?: otlp.RpcStatus.$Properties)

    /** Unknown fields preserved while decoding when enabled */
    $unknowns?: Uint8Array[]

    /** RpcStatus code. */
    code: number

    /** RpcStatus message. */
    message: string

    /**
     * Encodes the specified RpcStatus message. Does not implicitly {@link otlp.RpcStatus.verify|verify} messages.
     * @param message RpcStatus message or plain object to encode
     * @param [writer] Writer to encode to
     * @returns Writer
     */
    static encode(message: otlp.RpcStatus.$Properties, writer?: $protobuf.Writer): $protobuf.Writer

    /**
     * Decodes a RpcStatus message from the specified reader or buffer.
     * @param reader Reader or buffer to decode from
     * @param [length] Message length if known beforehand
     * @returns {otlp.RpcStatus & otlp.RpcStatus.$Shape} RpcStatus
     * @throws {Error} If the payload is not a reader or valid buffer
     * @throws {$protobuf.util.ProtocolError} If required fields are missing
     */
    static decode(
      reader: $protobuf.Reader | Uint8Array,
      length?: number
    ): otlp.RpcStatus & otlp.RpcStatus.$Shape
  }

  namespace RpcStatus {
    /** Properties of a RpcStatus. */
    interface $Properties {
      /** RpcStatus code */
      code?: number | null

      /** RpcStatus message */
      message?: string | null

      /** Unknown fields preserved while decoding when enabled */
      $unknowns?: Uint8Array[]
    }

    /** Shape of a RpcStatus. */
    type $Shape = otlp.RpcStatus.$Properties
  }
}
