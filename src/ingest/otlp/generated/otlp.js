/*eslint-disable block-scoped-var, id-length, no-control-regex, no-magic-numbers, no-mixed-operators, no-prototype-builtins, no-redeclare, no-shadow, no-var, sort-vars, default-case, jsdoc/require-param*/
import $protobuf from 'protobufjs/minimal.js'

// Common aliases
const $Reader = $protobuf.Reader,
  $Writer = $protobuf.Writer,
  $util = $protobuf.util
const $Object = $util.global.Object,
  $undefined = $util.global.undefined,
  $Error = $util.global.Error,
  $RangeError = $util.global.RangeError

// Exported root namespace
const $root = $protobuf.roots['default'] || ($protobuf.roots['default'] = {})

export const otlp = ($root.otlp = (() => {
  /**
   * Namespace otlp.
   * @exports otlp
   * @namespace
   */
  const otlp = {}

  otlp.AnyValue = (function () {
    /**
     * Properties of an AnyValue.
     * @typedef {Object} otlp.AnyValue.$Properties
     * @property {string|null} [stringValue] AnyValue stringValue
     * @property {boolean|null} [boolValue] AnyValue boolValue
     * @property {number|Long|null} [intValue] AnyValue intValue
     * @property {number|null} [doubleValue] AnyValue doubleValue
     * @property {otlp.ArrayValue.$Properties|null} [arrayValue] AnyValue arrayValue
     * @property {otlp.KeyValueList.$Properties|null} [kvlistValue] AnyValue kvlistValue
     * @property {Uint8Array|null} [bytesValue] AnyValue bytesValue
     * @property {"stringValue"|"boolValue"|"intValue"|"doubleValue"|"arrayValue"|"kvlistValue"|"bytesValue"} [value] AnyValue value
     * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
     */

    /**
     * Properties of an AnyValue.
     * @memberof otlp
     * @interface IAnyValue
     * @augments otlp.AnyValue.$Properties
     * @deprecated Use otlp.AnyValue.$Properties instead.
     */

    /**
     * Narrowed shape of an AnyValue.
     * @typedef {{
     *   stringValue?: string|null;
     *   boolValue?: boolean|null;
     *   intValue?: number|Long|null;
     *   doubleValue?: number|null;
     *   arrayValue?: otlp.ArrayValue.$Shape|null;
     *   kvlistValue?: otlp.KeyValueList.$Shape|null;
     *   bytesValue?: Uint8Array|null;
     *   $unknowns?: Array.<Uint8Array>;
     * } & (
     *   ({ value?: undefined; stringValue?: null; boolValue?: null; intValue?: null; doubleValue?: null; arrayValue?: null; kvlistValue?: null; bytesValue?: null }|{ value?: "stringValue"; stringValue: string; boolValue?: null; intValue?: null; doubleValue?: null; arrayValue?: null; kvlistValue?: null; bytesValue?: null }|{ value?: "boolValue"; stringValue?: null; boolValue: boolean; intValue?: null; doubleValue?: null; arrayValue?: null; kvlistValue?: null; bytesValue?: null }|{ value?: "intValue"; stringValue?: null; boolValue?: null; intValue: number|Long; doubleValue?: null; arrayValue?: null; kvlistValue?: null; bytesValue?: null }|{ value?: "doubleValue"; stringValue?: null; boolValue?: null; intValue?: null; doubleValue: number; arrayValue?: null; kvlistValue?: null; bytesValue?: null }|{ value?: "arrayValue"; stringValue?: null; boolValue?: null; intValue?: null; doubleValue?: null; arrayValue: otlp.ArrayValue.$Shape; kvlistValue?: null; bytesValue?: null }|{ value?: "kvlistValue"; stringValue?: null; boolValue?: null; intValue?: null; doubleValue?: null; arrayValue?: null; kvlistValue: otlp.KeyValueList.$Shape; bytesValue?: null }|{ value?: "bytesValue"; stringValue?: null; boolValue?: null; intValue?: null; doubleValue?: null; arrayValue?: null; kvlistValue?: null; bytesValue: Uint8Array })
     * )} otlp.AnyValue.$Shape
     */

    /**
     * Constructs a new AnyValue.
     * @memberof otlp
     * @classdesc Represents an AnyValue.
     * @constructor
     * @param {otlp.AnyValue.$Properties=} [properties] Properties to set
     * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
     */
    const AnyValue = function (properties) {
      if (properties)
        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
          if (properties[keys[i]] != null && keys[i] !== '__proto__')
            this[keys[i]] = properties[keys[i]]
    }

    /**
     * AnyValue stringValue.
     * @member {string|null|undefined} stringValue
     * @memberof otlp.AnyValue
     * @instance
     */
    AnyValue.prototype.stringValue = null

    /**
     * AnyValue boolValue.
     * @member {boolean|null|undefined} boolValue
     * @memberof otlp.AnyValue
     * @instance
     */
    AnyValue.prototype.boolValue = null

    /**
     * AnyValue intValue.
     * @member {number|Long|null|undefined} intValue
     * @memberof otlp.AnyValue
     * @instance
     */
    AnyValue.prototype.intValue = null

    /**
     * AnyValue doubleValue.
     * @member {number|null|undefined} doubleValue
     * @memberof otlp.AnyValue
     * @instance
     */
    AnyValue.prototype.doubleValue = null

    /**
     * AnyValue arrayValue.
     * @member {otlp.ArrayValue.$Properties|null|undefined} arrayValue
     * @memberof otlp.AnyValue
     * @instance
     */
    AnyValue.prototype.arrayValue = null

    /**
     * AnyValue kvlistValue.
     * @member {otlp.KeyValueList.$Properties|null|undefined} kvlistValue
     * @memberof otlp.AnyValue
     * @instance
     */
    AnyValue.prototype.kvlistValue = null

    /**
     * AnyValue bytesValue.
     * @member {Uint8Array|null|undefined} bytesValue
     * @memberof otlp.AnyValue
     * @instance
     */
    AnyValue.prototype.bytesValue = null

    // OneOf field names bound to virtual getters and setters
    let $oneOfFields

    /**
     * AnyValue value.
     * @member {"stringValue"|"boolValue"|"intValue"|"doubleValue"|"arrayValue"|"kvlistValue"|"bytesValue"|undefined} value
     * @memberof otlp.AnyValue
     * @instance
     */
    $Object.defineProperty(AnyValue.prototype, 'value', {
      get: $util.oneOfGetter(
        ($oneOfFields = [
          'stringValue',
          'boolValue',
          'intValue',
          'doubleValue',
          'arrayValue',
          'kvlistValue',
          'bytesValue',
        ])
      ),
      set: $util.oneOfSetter($oneOfFields),
    })

    /**
     * Encodes the specified AnyValue message. Does not implicitly {@link otlp.AnyValue.verify|verify} messages.
     * @function encode
     * @memberof otlp.AnyValue
     * @static
     * @param {otlp.AnyValue.$Properties} message AnyValue message or plain object to encode
     * @param {$protobuf.Writer} [writer] Writer to encode to
     * @returns {$protobuf.Writer} Writer
     */
    AnyValue.encode = function (message, writer, _depth) {
      if (!writer) writer = $Writer.create()
      if (_depth === $undefined) _depth = 0
      if (_depth > $util.recursionLimit) throw $Error('max depth exceeded')
      if (message.stringValue != null && $Object.hasOwnProperty.call(message, 'stringValue'))
        writer.uint32(/* id 1, wireType 2 =*/ 10).string(message.stringValue)
      if (message.boolValue != null && $Object.hasOwnProperty.call(message, 'boolValue'))
        writer.uint32(/* id 2, wireType 0 =*/ 16).bool(message.boolValue)
      if (message.intValue != null && $Object.hasOwnProperty.call(message, 'intValue'))
        writer.uint32(/* id 3, wireType 0 =*/ 24).int64(message.intValue)
      if (message.doubleValue != null && $Object.hasOwnProperty.call(message, 'doubleValue'))
        writer.uint32(/* id 4, wireType 1 =*/ 33).double(message.doubleValue)
      if (message.arrayValue != null && $Object.hasOwnProperty.call(message, 'arrayValue'))
        $root.otlp.ArrayValue.encode(
          message.arrayValue,
          writer.uint32(/* id 5, wireType 2 =*/ 42).fork(),
          _depth + 1
        ).ldelim()
      if (message.kvlistValue != null && $Object.hasOwnProperty.call(message, 'kvlistValue'))
        $root.otlp.KeyValueList.encode(
          message.kvlistValue,
          writer.uint32(/* id 6, wireType 2 =*/ 50).fork(),
          _depth + 1
        ).ldelim()
      if (message.bytesValue != null && $Object.hasOwnProperty.call(message, 'bytesValue'))
        writer.uint32(/* id 7, wireType 2 =*/ 58).bytes(message.bytesValue)
      if (message.$unknowns != null && $Object.hasOwnProperty.call(message, '$unknowns'))
        for (let i = 0; i < message.$unknowns.length; ++i) writer.raw(message.$unknowns[i])
      return writer
    }

    /**
     * Decodes an AnyValue message from the specified reader or buffer.
     * @function decode
     * @memberof otlp.AnyValue
     * @static
     * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
     * @param {number} [length] Message length if known beforehand
     * @returns {otlp.AnyValue & otlp.AnyValue.$Shape} AnyValue
     * @throws {Error} If the payload is not a reader or valid buffer
     * @throws {$protobuf.util.ProtocolError} If required fields are missing
     */
    AnyValue.decode = function (reader, length, _end, _depth, _target) {
      if (!(reader instanceof $Reader)) reader = $Reader.create(reader)
      if (_depth === $undefined) _depth = 0
      if (_depth > $Reader.recursionLimit) throw $Error('max depth exceeded')
      let end, message
      if (length === $undefined) end = reader.len
      else {
        end = reader.pos + length
        if (end > reader.len) throw $RangeError('index out of range')
        length = reader.len
        reader.len = end
      }
      message = _target || new $root.otlp.AnyValue()
      while (reader.pos < end) {
        let start = reader.pos
        let tag = reader.tag()
        if (tag === _end) {
          _end = $undefined
          break
        }
        let wireType = tag & 7
        switch ((tag >>>= 3)) {
          case 1: {
            if (wireType !== 2) break
            message.stringValue = reader.stringVerify()
            message.value = 'stringValue'
            continue
          }
          case 2: {
            if (wireType !== 0) break
            message.boolValue = reader.bool()
            message.value = 'boolValue'
            continue
          }
          case 3: {
            if (wireType !== 0) break
            message.intValue = reader.int64()
            message.value = 'intValue'
            continue
          }
          case 4: {
            if (wireType !== 1) break
            message.doubleValue = reader.double()
            message.value = 'doubleValue'
            continue
          }
          case 5: {
            if (wireType !== 2) break
            message.arrayValue = $root.otlp.ArrayValue.decode(
              reader,
              reader.size(),
              $undefined,
              _depth + 1,
              message.arrayValue
            )
            message.value = 'arrayValue'
            continue
          }
          case 6: {
            if (wireType !== 2) break
            message.kvlistValue = $root.otlp.KeyValueList.decode(
              reader,
              reader.size(),
              $undefined,
              _depth + 1,
              message.kvlistValue
            )
            message.value = 'kvlistValue'
            continue
          }
          case 7: {
            if (wireType !== 2) break
            message.bytesValue = reader.bytes()
            message.value = 'bytesValue'
            continue
          }
        }
        reader.skipType(wireType, _depth, tag)
        if (!reader.discardUnknown) {
          $util.makeProp(message, '$unknowns', false)
          ;(message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos))
        }
      }
      if (length !== $undefined) {
        if (reader.pos !== end) throw $RangeError('index out of range')
        reader.len = length
      }
      if (_end !== $undefined) throw $Error('missing end group')
      return message
    }

    return AnyValue
  })()

  otlp.ArrayValue = (function () {
    /**
     * Properties of an ArrayValue.
     * @typedef {Object} otlp.ArrayValue.$Properties
     * @property {Array.<otlp.AnyValue.$Properties>|null} [values] ArrayValue values
     * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
     */

    /**
     * Properties of an ArrayValue.
     * @memberof otlp
     * @interface IArrayValue
     * @augments otlp.ArrayValue.$Properties
     * @deprecated Use otlp.ArrayValue.$Properties instead.
     */

    /**
     * Shape of an ArrayValue.
     * @typedef {{
     *   values?: Array.<otlp.AnyValue.$Shape>|null;
     *   $unknowns?: Array.<Uint8Array>;
     * }} otlp.ArrayValue.$Shape
     */

    /**
     * Constructs a new ArrayValue.
     * @memberof otlp
     * @classdesc Represents an ArrayValue.
     * @constructor
     * @param {otlp.ArrayValue.$Properties=} [properties] Properties to set
     * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
     */
    const ArrayValue = function (properties) {
      this.values = []
      if (properties)
        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
          if (properties[keys[i]] != null && keys[i] !== '__proto__')
            this[keys[i]] = properties[keys[i]]
    }

    /**
     * ArrayValue values.
     * @member {Array.<otlp.AnyValue.$Properties>} values
     * @memberof otlp.ArrayValue
     * @instance
     */
    ArrayValue.prototype.values = $util.emptyArray

    /**
     * Encodes the specified ArrayValue message. Does not implicitly {@link otlp.ArrayValue.verify|verify} messages.
     * @function encode
     * @memberof otlp.ArrayValue
     * @static
     * @param {otlp.ArrayValue.$Properties} message ArrayValue message or plain object to encode
     * @param {$protobuf.Writer} [writer] Writer to encode to
     * @returns {$protobuf.Writer} Writer
     */
    ArrayValue.encode = function (message, writer, _depth) {
      if (!writer) writer = $Writer.create()
      if (_depth === $undefined) _depth = 0
      if (_depth > $util.recursionLimit) throw $Error('max depth exceeded')
      if (message.values != null && message.values.length)
        for (let i = 0; i < message.values.length; ++i)
          $root.otlp.AnyValue.encode(
            message.values[i],
            writer.uint32(/* id 1, wireType 2 =*/ 10).fork(),
            _depth + 1
          ).ldelim()
      if (message.$unknowns != null && $Object.hasOwnProperty.call(message, '$unknowns'))
        for (let i = 0; i < message.$unknowns.length; ++i) writer.raw(message.$unknowns[i])
      return writer
    }

    /**
     * Decodes an ArrayValue message from the specified reader or buffer.
     * @function decode
     * @memberof otlp.ArrayValue
     * @static
     * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
     * @param {number} [length] Message length if known beforehand
     * @returns {otlp.ArrayValue & otlp.ArrayValue.$Shape} ArrayValue
     * @throws {Error} If the payload is not a reader or valid buffer
     * @throws {$protobuf.util.ProtocolError} If required fields are missing
     */
    ArrayValue.decode = function (reader, length, _end, _depth, _target) {
      if (!(reader instanceof $Reader)) reader = $Reader.create(reader)
      if (_depth === $undefined) _depth = 0
      if (_depth > $Reader.recursionLimit) throw $Error('max depth exceeded')
      let end, message
      if (length === $undefined) end = reader.len
      else {
        end = reader.pos + length
        if (end > reader.len) throw $RangeError('index out of range')
        length = reader.len
        reader.len = end
      }
      message = _target || new $root.otlp.ArrayValue()
      while (reader.pos < end) {
        let start = reader.pos
        let tag = reader.tag()
        if (tag === _end) {
          _end = $undefined
          break
        }
        let wireType = tag & 7
        switch ((tag >>>= 3)) {
          case 1: {
            if (wireType !== 2) break
            if (!(message.values && message.values.length)) message.values = []
            message.values.push(
              $root.otlp.AnyValue.decode(reader, reader.size(), $undefined, _depth + 1)
            )
            continue
          }
        }
        reader.skipType(wireType, _depth, tag)
        if (!reader.discardUnknown) {
          $util.makeProp(message, '$unknowns', false)
          ;(message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos))
        }
      }
      if (length !== $undefined) {
        if (reader.pos !== end) throw $RangeError('index out of range')
        reader.len = length
      }
      if (_end !== $undefined) throw $Error('missing end group')
      return message
    }

    return ArrayValue
  })()

  otlp.KeyValueList = (function () {
    /**
     * Properties of a KeyValueList.
     * @typedef {Object} otlp.KeyValueList.$Properties
     * @property {Array.<otlp.KeyValue.$Properties>|null} [values] KeyValueList values
     * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
     */

    /**
     * Properties of a KeyValueList.
     * @memberof otlp
     * @interface IKeyValueList
     * @augments otlp.KeyValueList.$Properties
     * @deprecated Use otlp.KeyValueList.$Properties instead.
     */

    /**
     * Shape of a KeyValueList.
     * @typedef {{
     *   values?: Array.<otlp.KeyValue.$Shape>|null;
     *   $unknowns?: Array.<Uint8Array>;
     * }} otlp.KeyValueList.$Shape
     */

    /**
     * Constructs a new KeyValueList.
     * @memberof otlp
     * @classdesc Represents a KeyValueList.
     * @constructor
     * @param {otlp.KeyValueList.$Properties=} [properties] Properties to set
     * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
     */
    const KeyValueList = function (properties) {
      this.values = []
      if (properties)
        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
          if (properties[keys[i]] != null && keys[i] !== '__proto__')
            this[keys[i]] = properties[keys[i]]
    }

    /**
     * KeyValueList values.
     * @member {Array.<otlp.KeyValue.$Properties>} values
     * @memberof otlp.KeyValueList
     * @instance
     */
    KeyValueList.prototype.values = $util.emptyArray

    /**
     * Encodes the specified KeyValueList message. Does not implicitly {@link otlp.KeyValueList.verify|verify} messages.
     * @function encode
     * @memberof otlp.KeyValueList
     * @static
     * @param {otlp.KeyValueList.$Properties} message KeyValueList message or plain object to encode
     * @param {$protobuf.Writer} [writer] Writer to encode to
     * @returns {$protobuf.Writer} Writer
     */
    KeyValueList.encode = function (message, writer, _depth) {
      if (!writer) writer = $Writer.create()
      if (_depth === $undefined) _depth = 0
      if (_depth > $util.recursionLimit) throw $Error('max depth exceeded')
      if (message.values != null && message.values.length)
        for (let i = 0; i < message.values.length; ++i)
          $root.otlp.KeyValue.encode(
            message.values[i],
            writer.uint32(/* id 1, wireType 2 =*/ 10).fork(),
            _depth + 1
          ).ldelim()
      if (message.$unknowns != null && $Object.hasOwnProperty.call(message, '$unknowns'))
        for (let i = 0; i < message.$unknowns.length; ++i) writer.raw(message.$unknowns[i])
      return writer
    }

    /**
     * Decodes a KeyValueList message from the specified reader or buffer.
     * @function decode
     * @memberof otlp.KeyValueList
     * @static
     * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
     * @param {number} [length] Message length if known beforehand
     * @returns {otlp.KeyValueList & otlp.KeyValueList.$Shape} KeyValueList
     * @throws {Error} If the payload is not a reader or valid buffer
     * @throws {$protobuf.util.ProtocolError} If required fields are missing
     */
    KeyValueList.decode = function (reader, length, _end, _depth, _target) {
      if (!(reader instanceof $Reader)) reader = $Reader.create(reader)
      if (_depth === $undefined) _depth = 0
      if (_depth > $Reader.recursionLimit) throw $Error('max depth exceeded')
      let end, message
      if (length === $undefined) end = reader.len
      else {
        end = reader.pos + length
        if (end > reader.len) throw $RangeError('index out of range')
        length = reader.len
        reader.len = end
      }
      message = _target || new $root.otlp.KeyValueList()
      while (reader.pos < end) {
        let start = reader.pos
        let tag = reader.tag()
        if (tag === _end) {
          _end = $undefined
          break
        }
        let wireType = tag & 7
        switch ((tag >>>= 3)) {
          case 1: {
            if (wireType !== 2) break
            if (!(message.values && message.values.length)) message.values = []
            message.values.push(
              $root.otlp.KeyValue.decode(reader, reader.size(), $undefined, _depth + 1)
            )
            continue
          }
        }
        reader.skipType(wireType, _depth, tag)
        if (!reader.discardUnknown) {
          $util.makeProp(message, '$unknowns', false)
          ;(message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos))
        }
      }
      if (length !== $undefined) {
        if (reader.pos !== end) throw $RangeError('index out of range')
        reader.len = length
      }
      if (_end !== $undefined) throw $Error('missing end group')
      return message
    }

    return KeyValueList
  })()

  otlp.KeyValue = (function () {
    /**
     * Properties of a KeyValue.
     * @typedef {Object} otlp.KeyValue.$Properties
     * @property {string|null} [key] KeyValue key
     * @property {otlp.AnyValue.$Properties|null} [value] KeyValue value
     * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
     */

    /**
     * Properties of a KeyValue.
     * @memberof otlp
     * @interface IKeyValue
     * @augments otlp.KeyValue.$Properties
     * @deprecated Use otlp.KeyValue.$Properties instead.
     */

    /**
     * Shape of a KeyValue.
     * @typedef {{
     *   key?: string|null;
     *   value?: otlp.AnyValue.$Shape|null;
     *   $unknowns?: Array.<Uint8Array>;
     * }} otlp.KeyValue.$Shape
     */

    /**
     * Constructs a new KeyValue.
     * @memberof otlp
     * @classdesc Represents a KeyValue.
     * @constructor
     * @param {otlp.KeyValue.$Properties=} [properties] Properties to set
     * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
     */
    const KeyValue = function (properties) {
      if (properties)
        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
          if (properties[keys[i]] != null && keys[i] !== '__proto__')
            this[keys[i]] = properties[keys[i]]
    }

    /**
     * KeyValue key.
     * @member {string} key
     * @memberof otlp.KeyValue
     * @instance
     */
    KeyValue.prototype.key = ''

    /**
     * KeyValue value.
     * @member {otlp.AnyValue.$Properties|null|undefined} value
     * @memberof otlp.KeyValue
     * @instance
     */
    KeyValue.prototype.value = null

    /**
     * Encodes the specified KeyValue message. Does not implicitly {@link otlp.KeyValue.verify|verify} messages.
     * @function encode
     * @memberof otlp.KeyValue
     * @static
     * @param {otlp.KeyValue.$Properties} message KeyValue message or plain object to encode
     * @param {$protobuf.Writer} [writer] Writer to encode to
     * @returns {$protobuf.Writer} Writer
     */
    KeyValue.encode = function (message, writer, _depth) {
      if (!writer) writer = $Writer.create()
      if (_depth === $undefined) _depth = 0
      if (_depth > $util.recursionLimit) throw $Error('max depth exceeded')
      if (message.key != null && $Object.hasOwnProperty.call(message, 'key') && message.key !== '')
        writer.uint32(/* id 1, wireType 2 =*/ 10).string(message.key)
      if (message.value != null && $Object.hasOwnProperty.call(message, 'value'))
        $root.otlp.AnyValue.encode(
          message.value,
          writer.uint32(/* id 2, wireType 2 =*/ 18).fork(),
          _depth + 1
        ).ldelim()
      if (message.$unknowns != null && $Object.hasOwnProperty.call(message, '$unknowns'))
        for (let i = 0; i < message.$unknowns.length; ++i) writer.raw(message.$unknowns[i])
      return writer
    }

    /**
     * Decodes a KeyValue message from the specified reader or buffer.
     * @function decode
     * @memberof otlp.KeyValue
     * @static
     * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
     * @param {number} [length] Message length if known beforehand
     * @returns {otlp.KeyValue & otlp.KeyValue.$Shape} KeyValue
     * @throws {Error} If the payload is not a reader or valid buffer
     * @throws {$protobuf.util.ProtocolError} If required fields are missing
     */
    KeyValue.decode = function (reader, length, _end, _depth, _target) {
      if (!(reader instanceof $Reader)) reader = $Reader.create(reader)
      if (_depth === $undefined) _depth = 0
      if (_depth > $Reader.recursionLimit) throw $Error('max depth exceeded')
      let end, message, value
      if (length === $undefined) end = reader.len
      else {
        end = reader.pos + length
        if (end > reader.len) throw $RangeError('index out of range')
        length = reader.len
        reader.len = end
      }
      message = _target || new $root.otlp.KeyValue()
      while (reader.pos < end) {
        let start = reader.pos
        let tag = reader.tag()
        if (tag === _end) {
          _end = $undefined
          break
        }
        let wireType = tag & 7
        switch ((tag >>>= 3)) {
          case 1: {
            if (wireType !== 2) break
            if ((value = reader.stringVerify()).length) message.key = value
            else delete message.key
            continue
          }
          case 2: {
            if (wireType !== 2) break
            message.value = $root.otlp.AnyValue.decode(
              reader,
              reader.size(),
              $undefined,
              _depth + 1,
              message.value
            )
            continue
          }
        }
        reader.skipType(wireType, _depth, tag)
        if (!reader.discardUnknown) {
          $util.makeProp(message, '$unknowns', false)
          ;(message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos))
        }
      }
      if (length !== $undefined) {
        if (reader.pos !== end) throw $RangeError('index out of range')
        reader.len = length
      }
      if (_end !== $undefined) throw $Error('missing end group')
      return message
    }

    return KeyValue
  })()

  otlp.InstrumentationScope = (function () {
    /**
     * Properties of an InstrumentationScope.
     * @typedef {Object} otlp.InstrumentationScope.$Properties
     * @property {string|null} [name] InstrumentationScope name
     * @property {string|null} [version] InstrumentationScope version
     * @property {Array.<otlp.KeyValue.$Properties>|null} [attributes] InstrumentationScope attributes
     * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
     */

    /**
     * Properties of an InstrumentationScope.
     * @memberof otlp
     * @interface IInstrumentationScope
     * @augments otlp.InstrumentationScope.$Properties
     * @deprecated Use otlp.InstrumentationScope.$Properties instead.
     */

    /**
     * Shape of an InstrumentationScope.
     * @typedef {{
     *   name?: string|null;
     *   version?: string|null;
     *   attributes?: Array.<otlp.KeyValue.$Shape>|null;
     *   $unknowns?: Array.<Uint8Array>;
     * }} otlp.InstrumentationScope.$Shape
     */

    /**
     * Constructs a new InstrumentationScope.
     * @memberof otlp
     * @classdesc Represents an InstrumentationScope.
     * @constructor
     * @param {otlp.InstrumentationScope.$Properties=} [properties] Properties to set
     * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
     */
    const InstrumentationScope = function (properties) {
      this.attributes = []
      if (properties)
        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
          if (properties[keys[i]] != null && keys[i] !== '__proto__')
            this[keys[i]] = properties[keys[i]]
    }

    /**
     * InstrumentationScope name.
     * @member {string} name
     * @memberof otlp.InstrumentationScope
     * @instance
     */
    InstrumentationScope.prototype.name = ''

    /**
     * InstrumentationScope version.
     * @member {string} version
     * @memberof otlp.InstrumentationScope
     * @instance
     */
    InstrumentationScope.prototype.version = ''

    /**
     * InstrumentationScope attributes.
     * @member {Array.<otlp.KeyValue.$Properties>} attributes
     * @memberof otlp.InstrumentationScope
     * @instance
     */
    InstrumentationScope.prototype.attributes = $util.emptyArray

    /**
     * Encodes the specified InstrumentationScope message. Does not implicitly {@link otlp.InstrumentationScope.verify|verify} messages.
     * @function encode
     * @memberof otlp.InstrumentationScope
     * @static
     * @param {otlp.InstrumentationScope.$Properties} message InstrumentationScope message or plain object to encode
     * @param {$protobuf.Writer} [writer] Writer to encode to
     * @returns {$protobuf.Writer} Writer
     */
    InstrumentationScope.encode = function (message, writer, _depth) {
      if (!writer) writer = $Writer.create()
      if (_depth === $undefined) _depth = 0
      if (_depth > $util.recursionLimit) throw $Error('max depth exceeded')
      if (
        message.name != null &&
        $Object.hasOwnProperty.call(message, 'name') &&
        message.name !== ''
      )
        writer.uint32(/* id 1, wireType 2 =*/ 10).string(message.name)
      if (
        message.version != null &&
        $Object.hasOwnProperty.call(message, 'version') &&
        message.version !== ''
      )
        writer.uint32(/* id 2, wireType 2 =*/ 18).string(message.version)
      if (message.attributes != null && message.attributes.length)
        for (let i = 0; i < message.attributes.length; ++i)
          $root.otlp.KeyValue.encode(
            message.attributes[i],
            writer.uint32(/* id 3, wireType 2 =*/ 26).fork(),
            _depth + 1
          ).ldelim()
      if (message.$unknowns != null && $Object.hasOwnProperty.call(message, '$unknowns'))
        for (let i = 0; i < message.$unknowns.length; ++i) writer.raw(message.$unknowns[i])
      return writer
    }

    /**
     * Decodes an InstrumentationScope message from the specified reader or buffer.
     * @function decode
     * @memberof otlp.InstrumentationScope
     * @static
     * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
     * @param {number} [length] Message length if known beforehand
     * @returns {otlp.InstrumentationScope & otlp.InstrumentationScope.$Shape} InstrumentationScope
     * @throws {Error} If the payload is not a reader or valid buffer
     * @throws {$protobuf.util.ProtocolError} If required fields are missing
     */
    InstrumentationScope.decode = function (reader, length, _end, _depth, _target) {
      if (!(reader instanceof $Reader)) reader = $Reader.create(reader)
      if (_depth === $undefined) _depth = 0
      if (_depth > $Reader.recursionLimit) throw $Error('max depth exceeded')
      let end, message, value
      if (length === $undefined) end = reader.len
      else {
        end = reader.pos + length
        if (end > reader.len) throw $RangeError('index out of range')
        length = reader.len
        reader.len = end
      }
      message = _target || new $root.otlp.InstrumentationScope()
      while (reader.pos < end) {
        let start = reader.pos
        let tag = reader.tag()
        if (tag === _end) {
          _end = $undefined
          break
        }
        let wireType = tag & 7
        switch ((tag >>>= 3)) {
          case 1: {
            if (wireType !== 2) break
            if ((value = reader.stringVerify()).length) message.name = value
            else delete message.name
            continue
          }
          case 2: {
            if (wireType !== 2) break
            if ((value = reader.stringVerify()).length) message.version = value
            else delete message.version
            continue
          }
          case 3: {
            if (wireType !== 2) break
            if (!(message.attributes && message.attributes.length)) message.attributes = []
            message.attributes.push(
              $root.otlp.KeyValue.decode(reader, reader.size(), $undefined, _depth + 1)
            )
            continue
          }
        }
        reader.skipType(wireType, _depth, tag)
        if (!reader.discardUnknown) {
          $util.makeProp(message, '$unknowns', false)
          ;(message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos))
        }
      }
      if (length !== $undefined) {
        if (reader.pos !== end) throw $RangeError('index out of range')
        reader.len = length
      }
      if (_end !== $undefined) throw $Error('missing end group')
      return message
    }

    return InstrumentationScope
  })()

  otlp.Resource = (function () {
    /**
     * Properties of a Resource.
     * @typedef {Object} otlp.Resource.$Properties
     * @property {Array.<otlp.KeyValue.$Properties>|null} [attributes] Resource attributes
     * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
     */

    /**
     * Properties of a Resource.
     * @memberof otlp
     * @interface IResource
     * @augments otlp.Resource.$Properties
     * @deprecated Use otlp.Resource.$Properties instead.
     */

    /**
     * Shape of a Resource.
     * @typedef {{
     *   attributes?: Array.<otlp.KeyValue.$Shape>|null;
     *   $unknowns?: Array.<Uint8Array>;
     * }} otlp.Resource.$Shape
     */

    /**
     * Constructs a new Resource.
     * @memberof otlp
     * @classdesc Represents a Resource.
     * @constructor
     * @param {otlp.Resource.$Properties=} [properties] Properties to set
     * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
     */
    const Resource = function (properties) {
      this.attributes = []
      if (properties)
        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
          if (properties[keys[i]] != null && keys[i] !== '__proto__')
            this[keys[i]] = properties[keys[i]]
    }

    /**
     * Resource attributes.
     * @member {Array.<otlp.KeyValue.$Properties>} attributes
     * @memberof otlp.Resource
     * @instance
     */
    Resource.prototype.attributes = $util.emptyArray

    /**
     * Encodes the specified Resource message. Does not implicitly {@link otlp.Resource.verify|verify} messages.
     * @function encode
     * @memberof otlp.Resource
     * @static
     * @param {otlp.Resource.$Properties} message Resource message or plain object to encode
     * @param {$protobuf.Writer} [writer] Writer to encode to
     * @returns {$protobuf.Writer} Writer
     */
    Resource.encode = function (message, writer, _depth) {
      if (!writer) writer = $Writer.create()
      if (_depth === $undefined) _depth = 0
      if (_depth > $util.recursionLimit) throw $Error('max depth exceeded')
      if (message.attributes != null && message.attributes.length)
        for (let i = 0; i < message.attributes.length; ++i)
          $root.otlp.KeyValue.encode(
            message.attributes[i],
            writer.uint32(/* id 1, wireType 2 =*/ 10).fork(),
            _depth + 1
          ).ldelim()
      if (message.$unknowns != null && $Object.hasOwnProperty.call(message, '$unknowns'))
        for (let i = 0; i < message.$unknowns.length; ++i) writer.raw(message.$unknowns[i])
      return writer
    }

    /**
     * Decodes a Resource message from the specified reader or buffer.
     * @function decode
     * @memberof otlp.Resource
     * @static
     * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
     * @param {number} [length] Message length if known beforehand
     * @returns {otlp.Resource & otlp.Resource.$Shape} Resource
     * @throws {Error} If the payload is not a reader or valid buffer
     * @throws {$protobuf.util.ProtocolError} If required fields are missing
     */
    Resource.decode = function (reader, length, _end, _depth, _target) {
      if (!(reader instanceof $Reader)) reader = $Reader.create(reader)
      if (_depth === $undefined) _depth = 0
      if (_depth > $Reader.recursionLimit) throw $Error('max depth exceeded')
      let end, message
      if (length === $undefined) end = reader.len
      else {
        end = reader.pos + length
        if (end > reader.len) throw $RangeError('index out of range')
        length = reader.len
        reader.len = end
      }
      message = _target || new $root.otlp.Resource()
      while (reader.pos < end) {
        let start = reader.pos
        let tag = reader.tag()
        if (tag === _end) {
          _end = $undefined
          break
        }
        let wireType = tag & 7
        switch ((tag >>>= 3)) {
          case 1: {
            if (wireType !== 2) break
            if (!(message.attributes && message.attributes.length)) message.attributes = []
            message.attributes.push(
              $root.otlp.KeyValue.decode(reader, reader.size(), $undefined, _depth + 1)
            )
            continue
          }
        }
        reader.skipType(wireType, _depth, tag)
        if (!reader.discardUnknown) {
          $util.makeProp(message, '$unknowns', false)
          ;(message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos))
        }
      }
      if (length !== $undefined) {
        if (reader.pos !== end) throw $RangeError('index out of range')
        reader.len = length
      }
      if (_end !== $undefined) throw $Error('missing end group')
      return message
    }

    return Resource
  })()

  otlp.ResourceSpans = (function () {
    /**
     * Properties of a ResourceSpans.
     * @typedef {Object} otlp.ResourceSpans.$Properties
     * @property {otlp.Resource.$Properties|null} [resource] ResourceSpans resource
     * @property {Array.<otlp.ScopeSpans.$Properties>|null} [scopeSpans] ResourceSpans scopeSpans
     * @property {string|null} [schemaUrl] ResourceSpans schemaUrl
     * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
     */

    /**
     * Properties of a ResourceSpans.
     * @memberof otlp
     * @interface IResourceSpans
     * @augments otlp.ResourceSpans.$Properties
     * @deprecated Use otlp.ResourceSpans.$Properties instead.
     */

    /**
     * Shape of a ResourceSpans.
     * @typedef {{
     *   resource?: otlp.Resource.$Shape|null;
     *   scopeSpans?: Array.<otlp.ScopeSpans.$Shape>|null;
     *   schemaUrl?: string|null;
     *   $unknowns?: Array.<Uint8Array>;
     * }} otlp.ResourceSpans.$Shape
     */

    /**
     * Constructs a new ResourceSpans.
     * @memberof otlp
     * @classdesc Represents a ResourceSpans.
     * @constructor
     * @param {otlp.ResourceSpans.$Properties=} [properties] Properties to set
     * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
     */
    const ResourceSpans = function (properties) {
      this.scopeSpans = []
      if (properties)
        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
          if (properties[keys[i]] != null && keys[i] !== '__proto__')
            this[keys[i]] = properties[keys[i]]
    }

    /**
     * ResourceSpans resource.
     * @member {otlp.Resource.$Properties|null|undefined} resource
     * @memberof otlp.ResourceSpans
     * @instance
     */
    ResourceSpans.prototype.resource = null

    /**
     * ResourceSpans scopeSpans.
     * @member {Array.<otlp.ScopeSpans.$Properties>} scopeSpans
     * @memberof otlp.ResourceSpans
     * @instance
     */
    ResourceSpans.prototype.scopeSpans = $util.emptyArray

    /**
     * ResourceSpans schemaUrl.
     * @member {string} schemaUrl
     * @memberof otlp.ResourceSpans
     * @instance
     */
    ResourceSpans.prototype.schemaUrl = ''

    /**
     * Encodes the specified ResourceSpans message. Does not implicitly {@link otlp.ResourceSpans.verify|verify} messages.
     * @function encode
     * @memberof otlp.ResourceSpans
     * @static
     * @param {otlp.ResourceSpans.$Properties} message ResourceSpans message or plain object to encode
     * @param {$protobuf.Writer} [writer] Writer to encode to
     * @returns {$protobuf.Writer} Writer
     */
    ResourceSpans.encode = function (message, writer, _depth) {
      if (!writer) writer = $Writer.create()
      if (_depth === $undefined) _depth = 0
      if (_depth > $util.recursionLimit) throw $Error('max depth exceeded')
      if (message.resource != null && $Object.hasOwnProperty.call(message, 'resource'))
        $root.otlp.Resource.encode(
          message.resource,
          writer.uint32(/* id 1, wireType 2 =*/ 10).fork(),
          _depth + 1
        ).ldelim()
      if (message.scopeSpans != null && message.scopeSpans.length)
        for (let i = 0; i < message.scopeSpans.length; ++i)
          $root.otlp.ScopeSpans.encode(
            message.scopeSpans[i],
            writer.uint32(/* id 2, wireType 2 =*/ 18).fork(),
            _depth + 1
          ).ldelim()
      if (
        message.schemaUrl != null &&
        $Object.hasOwnProperty.call(message, 'schemaUrl') &&
        message.schemaUrl !== ''
      )
        writer.uint32(/* id 3, wireType 2 =*/ 26).string(message.schemaUrl)
      if (message.$unknowns != null && $Object.hasOwnProperty.call(message, '$unknowns'))
        for (let i = 0; i < message.$unknowns.length; ++i) writer.raw(message.$unknowns[i])
      return writer
    }

    /**
     * Decodes a ResourceSpans message from the specified reader or buffer.
     * @function decode
     * @memberof otlp.ResourceSpans
     * @static
     * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
     * @param {number} [length] Message length if known beforehand
     * @returns {otlp.ResourceSpans & otlp.ResourceSpans.$Shape} ResourceSpans
     * @throws {Error} If the payload is not a reader or valid buffer
     * @throws {$protobuf.util.ProtocolError} If required fields are missing
     */
    ResourceSpans.decode = function (reader, length, _end, _depth, _target) {
      if (!(reader instanceof $Reader)) reader = $Reader.create(reader)
      if (_depth === $undefined) _depth = 0
      if (_depth > $Reader.recursionLimit) throw $Error('max depth exceeded')
      let end, message, value
      if (length === $undefined) end = reader.len
      else {
        end = reader.pos + length
        if (end > reader.len) throw $RangeError('index out of range')
        length = reader.len
        reader.len = end
      }
      message = _target || new $root.otlp.ResourceSpans()
      while (reader.pos < end) {
        let start = reader.pos
        let tag = reader.tag()
        if (tag === _end) {
          _end = $undefined
          break
        }
        let wireType = tag & 7
        switch ((tag >>>= 3)) {
          case 1: {
            if (wireType !== 2) break
            message.resource = $root.otlp.Resource.decode(
              reader,
              reader.size(),
              $undefined,
              _depth + 1,
              message.resource
            )
            continue
          }
          case 2: {
            if (wireType !== 2) break
            if (!(message.scopeSpans && message.scopeSpans.length)) message.scopeSpans = []
            message.scopeSpans.push(
              $root.otlp.ScopeSpans.decode(reader, reader.size(), $undefined, _depth + 1)
            )
            continue
          }
          case 3: {
            if (wireType !== 2) break
            if ((value = reader.stringVerify()).length) message.schemaUrl = value
            else delete message.schemaUrl
            continue
          }
        }
        reader.skipType(wireType, _depth, tag)
        if (!reader.discardUnknown) {
          $util.makeProp(message, '$unknowns', false)
          ;(message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos))
        }
      }
      if (length !== $undefined) {
        if (reader.pos !== end) throw $RangeError('index out of range')
        reader.len = length
      }
      if (_end !== $undefined) throw $Error('missing end group')
      return message
    }

    return ResourceSpans
  })()

  otlp.ScopeSpans = (function () {
    /**
     * Properties of a ScopeSpans.
     * @typedef {Object} otlp.ScopeSpans.$Properties
     * @property {otlp.InstrumentationScope.$Properties|null} [scope] ScopeSpans scope
     * @property {Array.<otlp.Span.$Properties>|null} [spans] ScopeSpans spans
     * @property {string|null} [schemaUrl] ScopeSpans schemaUrl
     * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
     */

    /**
     * Properties of a ScopeSpans.
     * @memberof otlp
     * @interface IScopeSpans
     * @augments otlp.ScopeSpans.$Properties
     * @deprecated Use otlp.ScopeSpans.$Properties instead.
     */

    /**
     * Shape of a ScopeSpans.
     * @typedef {{
     *   scope?: otlp.InstrumentationScope.$Shape|null;
     *   spans?: Array.<otlp.Span.$Shape>|null;
     *   schemaUrl?: string|null;
     *   $unknowns?: Array.<Uint8Array>;
     * }} otlp.ScopeSpans.$Shape
     */

    /**
     * Constructs a new ScopeSpans.
     * @memberof otlp
     * @classdesc Represents a ScopeSpans.
     * @constructor
     * @param {otlp.ScopeSpans.$Properties=} [properties] Properties to set
     * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
     */
    const ScopeSpans = function (properties) {
      this.spans = []
      if (properties)
        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
          if (properties[keys[i]] != null && keys[i] !== '__proto__')
            this[keys[i]] = properties[keys[i]]
    }

    /**
     * ScopeSpans scope.
     * @member {otlp.InstrumentationScope.$Properties|null|undefined} scope
     * @memberof otlp.ScopeSpans
     * @instance
     */
    ScopeSpans.prototype.scope = null

    /**
     * ScopeSpans spans.
     * @member {Array.<otlp.Span.$Properties>} spans
     * @memberof otlp.ScopeSpans
     * @instance
     */
    ScopeSpans.prototype.spans = $util.emptyArray

    /**
     * ScopeSpans schemaUrl.
     * @member {string} schemaUrl
     * @memberof otlp.ScopeSpans
     * @instance
     */
    ScopeSpans.prototype.schemaUrl = ''

    /**
     * Encodes the specified ScopeSpans message. Does not implicitly {@link otlp.ScopeSpans.verify|verify} messages.
     * @function encode
     * @memberof otlp.ScopeSpans
     * @static
     * @param {otlp.ScopeSpans.$Properties} message ScopeSpans message or plain object to encode
     * @param {$protobuf.Writer} [writer] Writer to encode to
     * @returns {$protobuf.Writer} Writer
     */
    ScopeSpans.encode = function (message, writer, _depth) {
      if (!writer) writer = $Writer.create()
      if (_depth === $undefined) _depth = 0
      if (_depth > $util.recursionLimit) throw $Error('max depth exceeded')
      if (message.scope != null && $Object.hasOwnProperty.call(message, 'scope'))
        $root.otlp.InstrumentationScope.encode(
          message.scope,
          writer.uint32(/* id 1, wireType 2 =*/ 10).fork(),
          _depth + 1
        ).ldelim()
      if (message.spans != null && message.spans.length)
        for (let i = 0; i < message.spans.length; ++i)
          $root.otlp.Span.encode(
            message.spans[i],
            writer.uint32(/* id 2, wireType 2 =*/ 18).fork(),
            _depth + 1
          ).ldelim()
      if (
        message.schemaUrl != null &&
        $Object.hasOwnProperty.call(message, 'schemaUrl') &&
        message.schemaUrl !== ''
      )
        writer.uint32(/* id 3, wireType 2 =*/ 26).string(message.schemaUrl)
      if (message.$unknowns != null && $Object.hasOwnProperty.call(message, '$unknowns'))
        for (let i = 0; i < message.$unknowns.length; ++i) writer.raw(message.$unknowns[i])
      return writer
    }

    /**
     * Decodes a ScopeSpans message from the specified reader or buffer.
     * @function decode
     * @memberof otlp.ScopeSpans
     * @static
     * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
     * @param {number} [length] Message length if known beforehand
     * @returns {otlp.ScopeSpans & otlp.ScopeSpans.$Shape} ScopeSpans
     * @throws {Error} If the payload is not a reader or valid buffer
     * @throws {$protobuf.util.ProtocolError} If required fields are missing
     */
    ScopeSpans.decode = function (reader, length, _end, _depth, _target) {
      if (!(reader instanceof $Reader)) reader = $Reader.create(reader)
      if (_depth === $undefined) _depth = 0
      if (_depth > $Reader.recursionLimit) throw $Error('max depth exceeded')
      let end, message, value
      if (length === $undefined) end = reader.len
      else {
        end = reader.pos + length
        if (end > reader.len) throw $RangeError('index out of range')
        length = reader.len
        reader.len = end
      }
      message = _target || new $root.otlp.ScopeSpans()
      while (reader.pos < end) {
        let start = reader.pos
        let tag = reader.tag()
        if (tag === _end) {
          _end = $undefined
          break
        }
        let wireType = tag & 7
        switch ((tag >>>= 3)) {
          case 1: {
            if (wireType !== 2) break
            message.scope = $root.otlp.InstrumentationScope.decode(
              reader,
              reader.size(),
              $undefined,
              _depth + 1,
              message.scope
            )
            continue
          }
          case 2: {
            if (wireType !== 2) break
            if (!(message.spans && message.spans.length)) message.spans = []
            message.spans.push(
              $root.otlp.Span.decode(reader, reader.size(), $undefined, _depth + 1)
            )
            continue
          }
          case 3: {
            if (wireType !== 2) break
            if ((value = reader.stringVerify()).length) message.schemaUrl = value
            else delete message.schemaUrl
            continue
          }
        }
        reader.skipType(wireType, _depth, tag)
        if (!reader.discardUnknown) {
          $util.makeProp(message, '$unknowns', false)
          ;(message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos))
        }
      }
      if (length !== $undefined) {
        if (reader.pos !== end) throw $RangeError('index out of range')
        reader.len = length
      }
      if (_end !== $undefined) throw $Error('missing end group')
      return message
    }

    return ScopeSpans
  })()

  otlp.Span = (function () {
    /**
     * Properties of a Span.
     * @typedef {Object} otlp.Span.$Properties
     * @property {Uint8Array|null} [traceId] Span traceId
     * @property {Uint8Array|null} [spanId] Span spanId
     * @property {string|null} [traceState] Span traceState
     * @property {Uint8Array|null} [parentSpanId] Span parentSpanId
     * @property {number|null} [flags] Span flags
     * @property {string|null} [name] Span name
     * @property {number|null} [kind] Span kind
     * @property {number|Long|null} [startTimeUnixNano] Span startTimeUnixNano
     * @property {number|Long|null} [endTimeUnixNano] Span endTimeUnixNano
     * @property {Array.<otlp.KeyValue.$Properties>|null} [attributes] Span attributes
     * @property {Array.<otlp.Span.Event.$Properties>|null} [events] Span events
     * @property {otlp.Status.$Properties|null} [status] Span status
     * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
     */

    /**
     * Properties of a Span.
     * @memberof otlp
     * @interface ISpan
     * @augments otlp.Span.$Properties
     * @deprecated Use otlp.Span.$Properties instead.
     */

    /**
     * Shape of a Span.
     * @typedef {{
     *   traceId?: Uint8Array|null;
     *   spanId?: Uint8Array|null;
     *   traceState?: string|null;
     *   parentSpanId?: Uint8Array|null;
     *   flags?: number|null;
     *   name?: string|null;
     *   kind?: number|null;
     *   startTimeUnixNano?: number|Long|null;
     *   endTimeUnixNano?: number|Long|null;
     *   attributes?: Array.<otlp.KeyValue.$Shape>|null;
     *   events?: Array.<otlp.Span.Event.$Shape>|null;
     *   status?: otlp.Status.$Shape|null;
     *   $unknowns?: Array.<Uint8Array>;
     * }} otlp.Span.$Shape
     */

    /**
     * Constructs a new Span.
     * @memberof otlp
     * @classdesc Represents a Span.
     * @constructor
     * @param {otlp.Span.$Properties=} [properties] Properties to set
     * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
     */
    const Span = function (properties) {
      this.attributes = []
      this.events = []
      if (properties)
        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
          if (properties[keys[i]] != null && keys[i] !== '__proto__')
            this[keys[i]] = properties[keys[i]]
    }

    /**
     * Span traceId.
     * @member {Uint8Array} traceId
     * @memberof otlp.Span
     * @instance
     */
    Span.prototype.traceId = $util.newBuffer([])

    /**
     * Span spanId.
     * @member {Uint8Array} spanId
     * @memberof otlp.Span
     * @instance
     */
    Span.prototype.spanId = $util.newBuffer([])

    /**
     * Span traceState.
     * @member {string} traceState
     * @memberof otlp.Span
     * @instance
     */
    Span.prototype.traceState = ''

    /**
     * Span parentSpanId.
     * @member {Uint8Array} parentSpanId
     * @memberof otlp.Span
     * @instance
     */
    Span.prototype.parentSpanId = $util.newBuffer([])

    /**
     * Span flags.
     * @member {number} flags
     * @memberof otlp.Span
     * @instance
     */
    Span.prototype.flags = 0

    /**
     * Span name.
     * @member {string} name
     * @memberof otlp.Span
     * @instance
     */
    Span.prototype.name = ''

    /**
     * Span kind.
     * @member {number} kind
     * @memberof otlp.Span
     * @instance
     */
    Span.prototype.kind = 0

    /**
     * Span startTimeUnixNano.
     * @member {number|Long} startTimeUnixNano
     * @memberof otlp.Span
     * @instance
     */
    Span.prototype.startTimeUnixNano = $util.Long ? $util.Long.fromBits(0, 0, true) : 0

    /**
     * Span endTimeUnixNano.
     * @member {number|Long} endTimeUnixNano
     * @memberof otlp.Span
     * @instance
     */
    Span.prototype.endTimeUnixNano = $util.Long ? $util.Long.fromBits(0, 0, true) : 0

    /**
     * Span attributes.
     * @member {Array.<otlp.KeyValue.$Properties>} attributes
     * @memberof otlp.Span
     * @instance
     */
    Span.prototype.attributes = $util.emptyArray

    /**
     * Span events.
     * @member {Array.<otlp.Span.Event.$Properties>} events
     * @memberof otlp.Span
     * @instance
     */
    Span.prototype.events = $util.emptyArray

    /**
     * Span status.
     * @member {otlp.Status.$Properties|null|undefined} status
     * @memberof otlp.Span
     * @instance
     */
    Span.prototype.status = null

    /**
     * Encodes the specified Span message. Does not implicitly {@link otlp.Span.verify|verify} messages.
     * @function encode
     * @memberof otlp.Span
     * @static
     * @param {otlp.Span.$Properties} message Span message or plain object to encode
     * @param {$protobuf.Writer} [writer] Writer to encode to
     * @returns {$protobuf.Writer} Writer
     */
    Span.encode = function (message, writer, _depth) {
      if (!writer) writer = $Writer.create()
      if (_depth === $undefined) _depth = 0
      if (_depth > $util.recursionLimit) throw $Error('max depth exceeded')
      if (
        message.traceId != null &&
        $Object.hasOwnProperty.call(message, 'traceId') &&
        message.traceId.length
      )
        writer.uint32(/* id 1, wireType 2 =*/ 10).bytes(message.traceId)
      if (
        message.spanId != null &&
        $Object.hasOwnProperty.call(message, 'spanId') &&
        message.spanId.length
      )
        writer.uint32(/* id 2, wireType 2 =*/ 18).bytes(message.spanId)
      if (
        message.traceState != null &&
        $Object.hasOwnProperty.call(message, 'traceState') &&
        message.traceState !== ''
      )
        writer.uint32(/* id 3, wireType 2 =*/ 26).string(message.traceState)
      if (
        message.parentSpanId != null &&
        $Object.hasOwnProperty.call(message, 'parentSpanId') &&
        message.parentSpanId.length
      )
        writer.uint32(/* id 4, wireType 2 =*/ 34).bytes(message.parentSpanId)
      if (
        message.name != null &&
        $Object.hasOwnProperty.call(message, 'name') &&
        message.name !== ''
      )
        writer.uint32(/* id 5, wireType 2 =*/ 42).string(message.name)
      if (
        message.kind != null &&
        $Object.hasOwnProperty.call(message, 'kind') &&
        message.kind !== 0
      )
        writer.uint32(/* id 6, wireType 0 =*/ 48).int32(message.kind)
      if (
        message.startTimeUnixNano != null &&
        $Object.hasOwnProperty.call(message, 'startTimeUnixNano') &&
        (typeof message.startTimeUnixNano === 'object'
          ? message.startTimeUnixNano.low || message.startTimeUnixNano.high
          : message.startTimeUnixNano !== 0)
      )
        writer.uint32(/* id 7, wireType 1 =*/ 57).fixed64(message.startTimeUnixNano)
      if (
        message.endTimeUnixNano != null &&
        $Object.hasOwnProperty.call(message, 'endTimeUnixNano') &&
        (typeof message.endTimeUnixNano === 'object'
          ? message.endTimeUnixNano.low || message.endTimeUnixNano.high
          : message.endTimeUnixNano !== 0)
      )
        writer.uint32(/* id 8, wireType 1 =*/ 65).fixed64(message.endTimeUnixNano)
      if (message.attributes != null && message.attributes.length)
        for (let i = 0; i < message.attributes.length; ++i)
          $root.otlp.KeyValue.encode(
            message.attributes[i],
            writer.uint32(/* id 9, wireType 2 =*/ 74).fork(),
            _depth + 1
          ).ldelim()
      if (message.events != null && message.events.length)
        for (let i = 0; i < message.events.length; ++i)
          $root.otlp.Span.Event.encode(
            message.events[i],
            writer.uint32(/* id 11, wireType 2 =*/ 90).fork(),
            _depth + 1
          ).ldelim()
      if (message.status != null && $Object.hasOwnProperty.call(message, 'status'))
        $root.otlp.Status.encode(
          message.status,
          writer.uint32(/* id 15, wireType 2 =*/ 122).fork(),
          _depth + 1
        ).ldelim()
      if (
        message.flags != null &&
        $Object.hasOwnProperty.call(message, 'flags') &&
        message.flags !== 0
      )
        writer.uint32(/* id 16, wireType 5 =*/ 133).fixed32(message.flags)
      if (message.$unknowns != null && $Object.hasOwnProperty.call(message, '$unknowns'))
        for (let i = 0; i < message.$unknowns.length; ++i) writer.raw(message.$unknowns[i])
      return writer
    }

    /**
     * Decodes a Span message from the specified reader or buffer.
     * @function decode
     * @memberof otlp.Span
     * @static
     * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
     * @param {number} [length] Message length if known beforehand
     * @returns {otlp.Span & otlp.Span.$Shape} Span
     * @throws {Error} If the payload is not a reader or valid buffer
     * @throws {$protobuf.util.ProtocolError} If required fields are missing
     */
    Span.decode = function (reader, length, _end, _depth, _target) {
      if (!(reader instanceof $Reader)) reader = $Reader.create(reader)
      if (_depth === $undefined) _depth = 0
      if (_depth > $Reader.recursionLimit) throw $Error('max depth exceeded')
      let end, message, value
      if (length === $undefined) end = reader.len
      else {
        end = reader.pos + length
        if (end > reader.len) throw $RangeError('index out of range')
        length = reader.len
        reader.len = end
      }
      message = _target || new $root.otlp.Span()
      while (reader.pos < end) {
        let start = reader.pos
        let tag = reader.tag()
        if (tag === _end) {
          _end = $undefined
          break
        }
        let wireType = tag & 7
        switch ((tag >>>= 3)) {
          case 1: {
            if (wireType !== 2) break
            if ((value = reader.bytes()).length) message.traceId = value
            else delete message.traceId
            continue
          }
          case 2: {
            if (wireType !== 2) break
            if ((value = reader.bytes()).length) message.spanId = value
            else delete message.spanId
            continue
          }
          case 3: {
            if (wireType !== 2) break
            if ((value = reader.stringVerify()).length) message.traceState = value
            else delete message.traceState
            continue
          }
          case 4: {
            if (wireType !== 2) break
            if ((value = reader.bytes()).length) message.parentSpanId = value
            else delete message.parentSpanId
            continue
          }
          case 16: {
            if (wireType !== 5) break
            if ((value = reader.fixed32())) message.flags = value
            else delete message.flags
            continue
          }
          case 5: {
            if (wireType !== 2) break
            if ((value = reader.stringVerify()).length) message.name = value
            else delete message.name
            continue
          }
          case 6: {
            if (wireType !== 0) break
            if ((value = reader.int32())) message.kind = value
            else delete message.kind
            continue
          }
          case 7: {
            if (wireType !== 1) break
            if (
              typeof (value = reader.fixed64()) === 'object' ? value.low || value.high : value !== 0
            )
              message.startTimeUnixNano = value
            else delete message.startTimeUnixNano
            continue
          }
          case 8: {
            if (wireType !== 1) break
            if (
              typeof (value = reader.fixed64()) === 'object' ? value.low || value.high : value !== 0
            )
              message.endTimeUnixNano = value
            else delete message.endTimeUnixNano
            continue
          }
          case 9: {
            if (wireType !== 2) break
            if (!(message.attributes && message.attributes.length)) message.attributes = []
            message.attributes.push(
              $root.otlp.KeyValue.decode(reader, reader.size(), $undefined, _depth + 1)
            )
            continue
          }
          case 11: {
            if (wireType !== 2) break
            if (!(message.events && message.events.length)) message.events = []
            message.events.push(
              $root.otlp.Span.Event.decode(reader, reader.size(), $undefined, _depth + 1)
            )
            continue
          }
          case 15: {
            if (wireType !== 2) break
            message.status = $root.otlp.Status.decode(
              reader,
              reader.size(),
              $undefined,
              _depth + 1,
              message.status
            )
            continue
          }
        }
        reader.skipType(wireType, _depth, tag)
        if (!reader.discardUnknown) {
          $util.makeProp(message, '$unknowns', false)
          ;(message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos))
        }
      }
      if (length !== $undefined) {
        if (reader.pos !== end) throw $RangeError('index out of range')
        reader.len = length
      }
      if (_end !== $undefined) throw $Error('missing end group')
      return message
    }

    Span.Event = (function () {
      /**
       * Properties of an Event.
       * @typedef {Object} otlp.Span.Event.$Properties
       * @property {number|Long|null} [timeUnixNano] Event timeUnixNano
       * @property {string|null} [name] Event name
       * @property {Array.<otlp.KeyValue.$Properties>|null} [attributes] Event attributes
       * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
       */

      /**
       * Properties of an Event.
       * @memberof otlp.Span
       * @interface IEvent
       * @augments otlp.Span.Event.$Properties
       * @deprecated Use otlp.Span.Event.$Properties instead.
       */

      /**
       * Shape of an Event.
       * @typedef {{
       *   timeUnixNano?: number|Long|null;
       *   name?: string|null;
       *   attributes?: Array.<otlp.KeyValue.$Shape>|null;
       *   $unknowns?: Array.<Uint8Array>;
       * }} otlp.Span.Event.$Shape
       */

      /**
       * Constructs a new Event.
       * @memberof otlp.Span
       * @classdesc Represents an Event.
       * @constructor
       * @param {otlp.Span.Event.$Properties=} [properties] Properties to set
       * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
       */
      const Event = function (properties) {
        this.attributes = []
        if (properties)
          for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
            if (properties[keys[i]] != null && keys[i] !== '__proto__')
              this[keys[i]] = properties[keys[i]]
      }

      /**
       * Event timeUnixNano.
       * @member {number|Long} timeUnixNano
       * @memberof otlp.Span.Event
       * @instance
       */
      Event.prototype.timeUnixNano = $util.Long ? $util.Long.fromBits(0, 0, true) : 0

      /**
       * Event name.
       * @member {string} name
       * @memberof otlp.Span.Event
       * @instance
       */
      Event.prototype.name = ''

      /**
       * Event attributes.
       * @member {Array.<otlp.KeyValue.$Properties>} attributes
       * @memberof otlp.Span.Event
       * @instance
       */
      Event.prototype.attributes = $util.emptyArray

      /**
       * Encodes the specified Event message. Does not implicitly {@link otlp.Span.Event.verify|verify} messages.
       * @function encode
       * @memberof otlp.Span.Event
       * @static
       * @param {otlp.Span.Event.$Properties} message Event message or plain object to encode
       * @param {$protobuf.Writer} [writer] Writer to encode to
       * @returns {$protobuf.Writer} Writer
       */
      Event.encode = function (message, writer, _depth) {
        if (!writer) writer = $Writer.create()
        if (_depth === $undefined) _depth = 0
        if (_depth > $util.recursionLimit) throw $Error('max depth exceeded')
        if (
          message.timeUnixNano != null &&
          $Object.hasOwnProperty.call(message, 'timeUnixNano') &&
          (typeof message.timeUnixNano === 'object'
            ? message.timeUnixNano.low || message.timeUnixNano.high
            : message.timeUnixNano !== 0)
        )
          writer.uint32(/* id 1, wireType 1 =*/ 9).fixed64(message.timeUnixNano)
        if (
          message.name != null &&
          $Object.hasOwnProperty.call(message, 'name') &&
          message.name !== ''
        )
          writer.uint32(/* id 2, wireType 2 =*/ 18).string(message.name)
        if (message.attributes != null && message.attributes.length)
          for (let i = 0; i < message.attributes.length; ++i)
            $root.otlp.KeyValue.encode(
              message.attributes[i],
              writer.uint32(/* id 3, wireType 2 =*/ 26).fork(),
              _depth + 1
            ).ldelim()
        if (message.$unknowns != null && $Object.hasOwnProperty.call(message, '$unknowns'))
          for (let i = 0; i < message.$unknowns.length; ++i) writer.raw(message.$unknowns[i])
        return writer
      }

      /**
       * Decodes an Event message from the specified reader or buffer.
       * @function decode
       * @memberof otlp.Span.Event
       * @static
       * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
       * @param {number} [length] Message length if known beforehand
       * @returns {otlp.Span.Event & otlp.Span.Event.$Shape} Event
       * @throws {Error} If the payload is not a reader or valid buffer
       * @throws {$protobuf.util.ProtocolError} If required fields are missing
       */
      Event.decode = function (reader, length, _end, _depth, _target) {
        if (!(reader instanceof $Reader)) reader = $Reader.create(reader)
        if (_depth === $undefined) _depth = 0
        if (_depth > $Reader.recursionLimit) throw $Error('max depth exceeded')
        let end, message, value
        if (length === $undefined) end = reader.len
        else {
          end = reader.pos + length
          if (end > reader.len) throw $RangeError('index out of range')
          length = reader.len
          reader.len = end
        }
        message = _target || new $root.otlp.Span.Event()
        while (reader.pos < end) {
          let start = reader.pos
          let tag = reader.tag()
          if (tag === _end) {
            _end = $undefined
            break
          }
          let wireType = tag & 7
          switch ((tag >>>= 3)) {
            case 1: {
              if (wireType !== 1) break
              if (
                typeof (value = reader.fixed64()) === 'object'
                  ? value.low || value.high
                  : value !== 0
              )
                message.timeUnixNano = value
              else delete message.timeUnixNano
              continue
            }
            case 2: {
              if (wireType !== 2) break
              if ((value = reader.stringVerify()).length) message.name = value
              else delete message.name
              continue
            }
            case 3: {
              if (wireType !== 2) break
              if (!(message.attributes && message.attributes.length)) message.attributes = []
              message.attributes.push(
                $root.otlp.KeyValue.decode(reader, reader.size(), $undefined, _depth + 1)
              )
              continue
            }
          }
          reader.skipType(wireType, _depth, tag)
          if (!reader.discardUnknown) {
            $util.makeProp(message, '$unknowns', false)
            ;(message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos))
          }
        }
        if (length !== $undefined) {
          if (reader.pos !== end) throw $RangeError('index out of range')
          reader.len = length
        }
        if (_end !== $undefined) throw $Error('missing end group')
        return message
      }

      return Event
    })()

    return Span
  })()

  otlp.Status = (function () {
    /**
     * Properties of a Status.
     * @typedef {Object} otlp.Status.$Properties
     * @property {string|null} [message] Status message
     * @property {number|null} [code] Status code
     * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
     */

    /**
     * Properties of a Status.
     * @memberof otlp
     * @interface IStatus
     * @augments otlp.Status.$Properties
     * @deprecated Use otlp.Status.$Properties instead.
     */

    /**
     * Shape of a Status.
     * @typedef {otlp.Status.$Properties} otlp.Status.$Shape
     */

    /**
     * Constructs a new Status.
     * @memberof otlp
     * @classdesc Represents a Status.
     * @constructor
     * @param {otlp.Status.$Properties=} [properties] Properties to set
     * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
     */
    const Status = function (properties) {
      if (properties)
        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
          if (properties[keys[i]] != null && keys[i] !== '__proto__')
            this[keys[i]] = properties[keys[i]]
    }

    /**
     * Status message.
     * @member {string} message
     * @memberof otlp.Status
     * @instance
     */
    Status.prototype.message = ''

    /**
     * Status code.
     * @member {number} code
     * @memberof otlp.Status
     * @instance
     */
    Status.prototype.code = 0

    /**
     * Encodes the specified Status message. Does not implicitly {@link otlp.Status.verify|verify} messages.
     * @function encode
     * @memberof otlp.Status
     * @static
     * @param {otlp.Status.$Properties} message Status message or plain object to encode
     * @param {$protobuf.Writer} [writer] Writer to encode to
     * @returns {$protobuf.Writer} Writer
     */
    Status.encode = function (message, writer, _depth) {
      if (!writer) writer = $Writer.create()
      if (_depth === $undefined) _depth = 0
      if (_depth > $util.recursionLimit) throw $Error('max depth exceeded')
      if (
        message.message != null &&
        $Object.hasOwnProperty.call(message, 'message') &&
        message.message !== ''
      )
        writer.uint32(/* id 2, wireType 2 =*/ 18).string(message.message)
      if (
        message.code != null &&
        $Object.hasOwnProperty.call(message, 'code') &&
        message.code !== 0
      )
        writer.uint32(/* id 3, wireType 0 =*/ 24).int32(message.code)
      if (message.$unknowns != null && $Object.hasOwnProperty.call(message, '$unknowns'))
        for (let i = 0; i < message.$unknowns.length; ++i) writer.raw(message.$unknowns[i])
      return writer
    }

    /**
     * Decodes a Status message from the specified reader or buffer.
     * @function decode
     * @memberof otlp.Status
     * @static
     * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
     * @param {number} [length] Message length if known beforehand
     * @returns {otlp.Status & otlp.Status.$Shape} Status
     * @throws {Error} If the payload is not a reader or valid buffer
     * @throws {$protobuf.util.ProtocolError} If required fields are missing
     */
    Status.decode = function (reader, length, _end, _depth, _target) {
      if (!(reader instanceof $Reader)) reader = $Reader.create(reader)
      if (_depth === $undefined) _depth = 0
      if (_depth > $Reader.recursionLimit) throw $Error('max depth exceeded')
      let end, message, value
      if (length === $undefined) end = reader.len
      else {
        end = reader.pos + length
        if (end > reader.len) throw $RangeError('index out of range')
        length = reader.len
        reader.len = end
      }
      message = _target || new $root.otlp.Status()
      while (reader.pos < end) {
        let start = reader.pos
        let tag = reader.tag()
        if (tag === _end) {
          _end = $undefined
          break
        }
        let wireType = tag & 7
        switch ((tag >>>= 3)) {
          case 2: {
            if (wireType !== 2) break
            if ((value = reader.stringVerify()).length) message.message = value
            else delete message.message
            continue
          }
          case 3: {
            if (wireType !== 0) break
            if ((value = reader.int32())) message.code = value
            else delete message.code
            continue
          }
        }
        reader.skipType(wireType, _depth, tag)
        if (!reader.discardUnknown) {
          $util.makeProp(message, '$unknowns', false)
          ;(message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos))
        }
      }
      if (length !== $undefined) {
        if (reader.pos !== end) throw $RangeError('index out of range')
        reader.len = length
      }
      if (_end !== $undefined) throw $Error('missing end group')
      return message
    }

    return Status
  })()

  otlp.ResourceMetrics = (function () {
    /**
     * Properties of a ResourceMetrics.
     * @typedef {Object} otlp.ResourceMetrics.$Properties
     * @property {otlp.Resource.$Properties|null} [resource] ResourceMetrics resource
     * @property {Array.<otlp.ScopeMetrics.$Properties>|null} [scopeMetrics] ResourceMetrics scopeMetrics
     * @property {string|null} [schemaUrl] ResourceMetrics schemaUrl
     * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
     */

    /**
     * Properties of a ResourceMetrics.
     * @memberof otlp
     * @interface IResourceMetrics
     * @augments otlp.ResourceMetrics.$Properties
     * @deprecated Use otlp.ResourceMetrics.$Properties instead.
     */

    /**
     * Shape of a ResourceMetrics.
     * @typedef {{
     *   resource?: otlp.Resource.$Shape|null;
     *   scopeMetrics?: Array.<otlp.ScopeMetrics.$Shape>|null;
     *   schemaUrl?: string|null;
     *   $unknowns?: Array.<Uint8Array>;
     * }} otlp.ResourceMetrics.$Shape
     */

    /**
     * Constructs a new ResourceMetrics.
     * @memberof otlp
     * @classdesc Represents a ResourceMetrics.
     * @constructor
     * @param {otlp.ResourceMetrics.$Properties=} [properties] Properties to set
     * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
     */
    const ResourceMetrics = function (properties) {
      this.scopeMetrics = []
      if (properties)
        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
          if (properties[keys[i]] != null && keys[i] !== '__proto__')
            this[keys[i]] = properties[keys[i]]
    }

    /**
     * ResourceMetrics resource.
     * @member {otlp.Resource.$Properties|null|undefined} resource
     * @memberof otlp.ResourceMetrics
     * @instance
     */
    ResourceMetrics.prototype.resource = null

    /**
     * ResourceMetrics scopeMetrics.
     * @member {Array.<otlp.ScopeMetrics.$Properties>} scopeMetrics
     * @memberof otlp.ResourceMetrics
     * @instance
     */
    ResourceMetrics.prototype.scopeMetrics = $util.emptyArray

    /**
     * ResourceMetrics schemaUrl.
     * @member {string} schemaUrl
     * @memberof otlp.ResourceMetrics
     * @instance
     */
    ResourceMetrics.prototype.schemaUrl = ''

    /**
     * Encodes the specified ResourceMetrics message. Does not implicitly {@link otlp.ResourceMetrics.verify|verify} messages.
     * @function encode
     * @memberof otlp.ResourceMetrics
     * @static
     * @param {otlp.ResourceMetrics.$Properties} message ResourceMetrics message or plain object to encode
     * @param {$protobuf.Writer} [writer] Writer to encode to
     * @returns {$protobuf.Writer} Writer
     */
    ResourceMetrics.encode = function (message, writer, _depth) {
      if (!writer) writer = $Writer.create()
      if (_depth === $undefined) _depth = 0
      if (_depth > $util.recursionLimit) throw $Error('max depth exceeded')
      if (message.resource != null && $Object.hasOwnProperty.call(message, 'resource'))
        $root.otlp.Resource.encode(
          message.resource,
          writer.uint32(/* id 1, wireType 2 =*/ 10).fork(),
          _depth + 1
        ).ldelim()
      if (message.scopeMetrics != null && message.scopeMetrics.length)
        for (let i = 0; i < message.scopeMetrics.length; ++i)
          $root.otlp.ScopeMetrics.encode(
            message.scopeMetrics[i],
            writer.uint32(/* id 2, wireType 2 =*/ 18).fork(),
            _depth + 1
          ).ldelim()
      if (
        message.schemaUrl != null &&
        $Object.hasOwnProperty.call(message, 'schemaUrl') &&
        message.schemaUrl !== ''
      )
        writer.uint32(/* id 3, wireType 2 =*/ 26).string(message.schemaUrl)
      if (message.$unknowns != null && $Object.hasOwnProperty.call(message, '$unknowns'))
        for (let i = 0; i < message.$unknowns.length; ++i) writer.raw(message.$unknowns[i])
      return writer
    }

    /**
     * Decodes a ResourceMetrics message from the specified reader or buffer.
     * @function decode
     * @memberof otlp.ResourceMetrics
     * @static
     * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
     * @param {number} [length] Message length if known beforehand
     * @returns {otlp.ResourceMetrics & otlp.ResourceMetrics.$Shape} ResourceMetrics
     * @throws {Error} If the payload is not a reader or valid buffer
     * @throws {$protobuf.util.ProtocolError} If required fields are missing
     */
    ResourceMetrics.decode = function (reader, length, _end, _depth, _target) {
      if (!(reader instanceof $Reader)) reader = $Reader.create(reader)
      if (_depth === $undefined) _depth = 0
      if (_depth > $Reader.recursionLimit) throw $Error('max depth exceeded')
      let end, message, value
      if (length === $undefined) end = reader.len
      else {
        end = reader.pos + length
        if (end > reader.len) throw $RangeError('index out of range')
        length = reader.len
        reader.len = end
      }
      message = _target || new $root.otlp.ResourceMetrics()
      while (reader.pos < end) {
        let start = reader.pos
        let tag = reader.tag()
        if (tag === _end) {
          _end = $undefined
          break
        }
        let wireType = tag & 7
        switch ((tag >>>= 3)) {
          case 1: {
            if (wireType !== 2) break
            message.resource = $root.otlp.Resource.decode(
              reader,
              reader.size(),
              $undefined,
              _depth + 1,
              message.resource
            )
            continue
          }
          case 2: {
            if (wireType !== 2) break
            if (!(message.scopeMetrics && message.scopeMetrics.length)) message.scopeMetrics = []
            message.scopeMetrics.push(
              $root.otlp.ScopeMetrics.decode(reader, reader.size(), $undefined, _depth + 1)
            )
            continue
          }
          case 3: {
            if (wireType !== 2) break
            if ((value = reader.stringVerify()).length) message.schemaUrl = value
            else delete message.schemaUrl
            continue
          }
        }
        reader.skipType(wireType, _depth, tag)
        if (!reader.discardUnknown) {
          $util.makeProp(message, '$unknowns', false)
          ;(message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos))
        }
      }
      if (length !== $undefined) {
        if (reader.pos !== end) throw $RangeError('index out of range')
        reader.len = length
      }
      if (_end !== $undefined) throw $Error('missing end group')
      return message
    }

    return ResourceMetrics
  })()

  otlp.ScopeMetrics = (function () {
    /**
     * Properties of a ScopeMetrics.
     * @typedef {Object} otlp.ScopeMetrics.$Properties
     * @property {otlp.InstrumentationScope.$Properties|null} [scope] ScopeMetrics scope
     * @property {Array.<otlp.Metric.$Properties>|null} [metrics] ScopeMetrics metrics
     * @property {string|null} [schemaUrl] ScopeMetrics schemaUrl
     * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
     */

    /**
     * Properties of a ScopeMetrics.
     * @memberof otlp
     * @interface IScopeMetrics
     * @augments otlp.ScopeMetrics.$Properties
     * @deprecated Use otlp.ScopeMetrics.$Properties instead.
     */

    /**
     * Shape of a ScopeMetrics.
     * @typedef {{
     *   scope?: otlp.InstrumentationScope.$Shape|null;
     *   metrics?: Array.<otlp.Metric.$Shape>|null;
     *   schemaUrl?: string|null;
     *   $unknowns?: Array.<Uint8Array>;
     * }} otlp.ScopeMetrics.$Shape
     */

    /**
     * Constructs a new ScopeMetrics.
     * @memberof otlp
     * @classdesc Represents a ScopeMetrics.
     * @constructor
     * @param {otlp.ScopeMetrics.$Properties=} [properties] Properties to set
     * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
     */
    const ScopeMetrics = function (properties) {
      this.metrics = []
      if (properties)
        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
          if (properties[keys[i]] != null && keys[i] !== '__proto__')
            this[keys[i]] = properties[keys[i]]
    }

    /**
     * ScopeMetrics scope.
     * @member {otlp.InstrumentationScope.$Properties|null|undefined} scope
     * @memberof otlp.ScopeMetrics
     * @instance
     */
    ScopeMetrics.prototype.scope = null

    /**
     * ScopeMetrics metrics.
     * @member {Array.<otlp.Metric.$Properties>} metrics
     * @memberof otlp.ScopeMetrics
     * @instance
     */
    ScopeMetrics.prototype.metrics = $util.emptyArray

    /**
     * ScopeMetrics schemaUrl.
     * @member {string} schemaUrl
     * @memberof otlp.ScopeMetrics
     * @instance
     */
    ScopeMetrics.prototype.schemaUrl = ''

    /**
     * Encodes the specified ScopeMetrics message. Does not implicitly {@link otlp.ScopeMetrics.verify|verify} messages.
     * @function encode
     * @memberof otlp.ScopeMetrics
     * @static
     * @param {otlp.ScopeMetrics.$Properties} message ScopeMetrics message or plain object to encode
     * @param {$protobuf.Writer} [writer] Writer to encode to
     * @returns {$protobuf.Writer} Writer
     */
    ScopeMetrics.encode = function (message, writer, _depth) {
      if (!writer) writer = $Writer.create()
      if (_depth === $undefined) _depth = 0
      if (_depth > $util.recursionLimit) throw $Error('max depth exceeded')
      if (message.scope != null && $Object.hasOwnProperty.call(message, 'scope'))
        $root.otlp.InstrumentationScope.encode(
          message.scope,
          writer.uint32(/* id 1, wireType 2 =*/ 10).fork(),
          _depth + 1
        ).ldelim()
      if (message.metrics != null && message.metrics.length)
        for (let i = 0; i < message.metrics.length; ++i)
          $root.otlp.Metric.encode(
            message.metrics[i],
            writer.uint32(/* id 2, wireType 2 =*/ 18).fork(),
            _depth + 1
          ).ldelim()
      if (
        message.schemaUrl != null &&
        $Object.hasOwnProperty.call(message, 'schemaUrl') &&
        message.schemaUrl !== ''
      )
        writer.uint32(/* id 3, wireType 2 =*/ 26).string(message.schemaUrl)
      if (message.$unknowns != null && $Object.hasOwnProperty.call(message, '$unknowns'))
        for (let i = 0; i < message.$unknowns.length; ++i) writer.raw(message.$unknowns[i])
      return writer
    }

    /**
     * Decodes a ScopeMetrics message from the specified reader or buffer.
     * @function decode
     * @memberof otlp.ScopeMetrics
     * @static
     * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
     * @param {number} [length] Message length if known beforehand
     * @returns {otlp.ScopeMetrics & otlp.ScopeMetrics.$Shape} ScopeMetrics
     * @throws {Error} If the payload is not a reader or valid buffer
     * @throws {$protobuf.util.ProtocolError} If required fields are missing
     */
    ScopeMetrics.decode = function (reader, length, _end, _depth, _target) {
      if (!(reader instanceof $Reader)) reader = $Reader.create(reader)
      if (_depth === $undefined) _depth = 0
      if (_depth > $Reader.recursionLimit) throw $Error('max depth exceeded')
      let end, message, value
      if (length === $undefined) end = reader.len
      else {
        end = reader.pos + length
        if (end > reader.len) throw $RangeError('index out of range')
        length = reader.len
        reader.len = end
      }
      message = _target || new $root.otlp.ScopeMetrics()
      while (reader.pos < end) {
        let start = reader.pos
        let tag = reader.tag()
        if (tag === _end) {
          _end = $undefined
          break
        }
        let wireType = tag & 7
        switch ((tag >>>= 3)) {
          case 1: {
            if (wireType !== 2) break
            message.scope = $root.otlp.InstrumentationScope.decode(
              reader,
              reader.size(),
              $undefined,
              _depth + 1,
              message.scope
            )
            continue
          }
          case 2: {
            if (wireType !== 2) break
            if (!(message.metrics && message.metrics.length)) message.metrics = []
            message.metrics.push(
              $root.otlp.Metric.decode(reader, reader.size(), $undefined, _depth + 1)
            )
            continue
          }
          case 3: {
            if (wireType !== 2) break
            if ((value = reader.stringVerify()).length) message.schemaUrl = value
            else delete message.schemaUrl
            continue
          }
        }
        reader.skipType(wireType, _depth, tag)
        if (!reader.discardUnknown) {
          $util.makeProp(message, '$unknowns', false)
          ;(message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos))
        }
      }
      if (length !== $undefined) {
        if (reader.pos !== end) throw $RangeError('index out of range')
        reader.len = length
      }
      if (_end !== $undefined) throw $Error('missing end group')
      return message
    }

    return ScopeMetrics
  })()

  otlp.Metric = (function () {
    /**
     * Properties of a Metric.
     * @typedef {Object} otlp.Metric.$Properties
     * @property {string|null} [name] Metric name
     * @property {string|null} [description] Metric description
     * @property {string|null} [unit] Metric unit
     * @property {otlp.Gauge.$Properties|null} [gauge] Metric gauge
     * @property {otlp.Sum.$Properties|null} [sum] Metric sum
     * @property {otlp.Histogram.$Properties|null} [histogram] Metric histogram
     * @property {otlp.ExponentialHistogram.$Properties|null} [exponentialHistogram] Metric exponentialHistogram
     * @property {otlp.Summary.$Properties|null} [summary] Metric summary
     * @property {"gauge"|"sum"|"histogram"|"exponentialHistogram"|"summary"} [data] Metric data
     * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
     */

    /**
     * Properties of a Metric.
     * @memberof otlp
     * @interface IMetric
     * @augments otlp.Metric.$Properties
     * @deprecated Use otlp.Metric.$Properties instead.
     */

    /**
     * Narrowed shape of a Metric.
     * @typedef {{
     *   name?: string|null;
     *   description?: string|null;
     *   unit?: string|null;
     *   gauge?: otlp.Gauge.$Shape|null;
     *   sum?: otlp.Sum.$Shape|null;
     *   histogram?: otlp.Histogram.$Shape|null;
     *   exponentialHistogram?: otlp.ExponentialHistogram.$Shape|null;
     *   summary?: otlp.Summary.$Shape|null;
     *   $unknowns?: Array.<Uint8Array>;
     * } & (
     *   ({ data?: undefined; gauge?: null; sum?: null; histogram?: null; exponentialHistogram?: null; summary?: null }|{ data?: "gauge"; gauge: otlp.Gauge.$Shape; sum?: null; histogram?: null; exponentialHistogram?: null; summary?: null }|{ data?: "sum"; gauge?: null; sum: otlp.Sum.$Shape; histogram?: null; exponentialHistogram?: null; summary?: null }|{ data?: "histogram"; gauge?: null; sum?: null; histogram: otlp.Histogram.$Shape; exponentialHistogram?: null; summary?: null }|{ data?: "exponentialHistogram"; gauge?: null; sum?: null; histogram?: null; exponentialHistogram: otlp.ExponentialHistogram.$Shape; summary?: null }|{ data?: "summary"; gauge?: null; sum?: null; histogram?: null; exponentialHistogram?: null; summary: otlp.Summary.$Shape })
     * )} otlp.Metric.$Shape
     */

    /**
     * Constructs a new Metric.
     * @memberof otlp
     * @classdesc Represents a Metric.
     * @constructor
     * @param {otlp.Metric.$Properties=} [properties] Properties to set
     * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
     */
    const Metric = function (properties) {
      if (properties)
        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
          if (properties[keys[i]] != null && keys[i] !== '__proto__')
            this[keys[i]] = properties[keys[i]]
    }

    /**
     * Metric name.
     * @member {string} name
     * @memberof otlp.Metric
     * @instance
     */
    Metric.prototype.name = ''

    /**
     * Metric description.
     * @member {string} description
     * @memberof otlp.Metric
     * @instance
     */
    Metric.prototype.description = ''

    /**
     * Metric unit.
     * @member {string} unit
     * @memberof otlp.Metric
     * @instance
     */
    Metric.prototype.unit = ''

    /**
     * Metric gauge.
     * @member {otlp.Gauge.$Properties|null|undefined} gauge
     * @memberof otlp.Metric
     * @instance
     */
    Metric.prototype.gauge = null

    /**
     * Metric sum.
     * @member {otlp.Sum.$Properties|null|undefined} sum
     * @memberof otlp.Metric
     * @instance
     */
    Metric.prototype.sum = null

    /**
     * Metric histogram.
     * @member {otlp.Histogram.$Properties|null|undefined} histogram
     * @memberof otlp.Metric
     * @instance
     */
    Metric.prototype.histogram = null

    /**
     * Metric exponentialHistogram.
     * @member {otlp.ExponentialHistogram.$Properties|null|undefined} exponentialHistogram
     * @memberof otlp.Metric
     * @instance
     */
    Metric.prototype.exponentialHistogram = null

    /**
     * Metric summary.
     * @member {otlp.Summary.$Properties|null|undefined} summary
     * @memberof otlp.Metric
     * @instance
     */
    Metric.prototype.summary = null

    // OneOf field names bound to virtual getters and setters
    let $oneOfFields

    /**
     * Metric data.
     * @member {"gauge"|"sum"|"histogram"|"exponentialHistogram"|"summary"|undefined} data
     * @memberof otlp.Metric
     * @instance
     */
    $Object.defineProperty(Metric.prototype, 'data', {
      get: $util.oneOfGetter(
        ($oneOfFields = ['gauge', 'sum', 'histogram', 'exponentialHistogram', 'summary'])
      ),
      set: $util.oneOfSetter($oneOfFields),
    })

    /**
     * Encodes the specified Metric message. Does not implicitly {@link otlp.Metric.verify|verify} messages.
     * @function encode
     * @memberof otlp.Metric
     * @static
     * @param {otlp.Metric.$Properties} message Metric message or plain object to encode
     * @param {$protobuf.Writer} [writer] Writer to encode to
     * @returns {$protobuf.Writer} Writer
     */
    Metric.encode = function (message, writer, _depth) {
      if (!writer) writer = $Writer.create()
      if (_depth === $undefined) _depth = 0
      if (_depth > $util.recursionLimit) throw $Error('max depth exceeded')
      if (
        message.name != null &&
        $Object.hasOwnProperty.call(message, 'name') &&
        message.name !== ''
      )
        writer.uint32(/* id 1, wireType 2 =*/ 10).string(message.name)
      if (
        message.description != null &&
        $Object.hasOwnProperty.call(message, 'description') &&
        message.description !== ''
      )
        writer.uint32(/* id 2, wireType 2 =*/ 18).string(message.description)
      if (
        message.unit != null &&
        $Object.hasOwnProperty.call(message, 'unit') &&
        message.unit !== ''
      )
        writer.uint32(/* id 3, wireType 2 =*/ 26).string(message.unit)
      if (message.gauge != null && $Object.hasOwnProperty.call(message, 'gauge'))
        $root.otlp.Gauge.encode(
          message.gauge,
          writer.uint32(/* id 5, wireType 2 =*/ 42).fork(),
          _depth + 1
        ).ldelim()
      if (message.sum != null && $Object.hasOwnProperty.call(message, 'sum'))
        $root.otlp.Sum.encode(
          message.sum,
          writer.uint32(/* id 7, wireType 2 =*/ 58).fork(),
          _depth + 1
        ).ldelim()
      if (message.histogram != null && $Object.hasOwnProperty.call(message, 'histogram'))
        $root.otlp.Histogram.encode(
          message.histogram,
          writer.uint32(/* id 9, wireType 2 =*/ 74).fork(),
          _depth + 1
        ).ldelim()
      if (
        message.exponentialHistogram != null &&
        $Object.hasOwnProperty.call(message, 'exponentialHistogram')
      )
        $root.otlp.ExponentialHistogram.encode(
          message.exponentialHistogram,
          writer.uint32(/* id 10, wireType 2 =*/ 82).fork(),
          _depth + 1
        ).ldelim()
      if (message.summary != null && $Object.hasOwnProperty.call(message, 'summary'))
        $root.otlp.Summary.encode(
          message.summary,
          writer.uint32(/* id 11, wireType 2 =*/ 90).fork(),
          _depth + 1
        ).ldelim()
      if (message.$unknowns != null && $Object.hasOwnProperty.call(message, '$unknowns'))
        for (let i = 0; i < message.$unknowns.length; ++i) writer.raw(message.$unknowns[i])
      return writer
    }

    /**
     * Decodes a Metric message from the specified reader or buffer.
     * @function decode
     * @memberof otlp.Metric
     * @static
     * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
     * @param {number} [length] Message length if known beforehand
     * @returns {otlp.Metric & otlp.Metric.$Shape} Metric
     * @throws {Error} If the payload is not a reader or valid buffer
     * @throws {$protobuf.util.ProtocolError} If required fields are missing
     */
    Metric.decode = function (reader, length, _end, _depth, _target) {
      if (!(reader instanceof $Reader)) reader = $Reader.create(reader)
      if (_depth === $undefined) _depth = 0
      if (_depth > $Reader.recursionLimit) throw $Error('max depth exceeded')
      let end, message, value
      if (length === $undefined) end = reader.len
      else {
        end = reader.pos + length
        if (end > reader.len) throw $RangeError('index out of range')
        length = reader.len
        reader.len = end
      }
      message = _target || new $root.otlp.Metric()
      while (reader.pos < end) {
        let start = reader.pos
        let tag = reader.tag()
        if (tag === _end) {
          _end = $undefined
          break
        }
        let wireType = tag & 7
        switch ((tag >>>= 3)) {
          case 1: {
            if (wireType !== 2) break
            if ((value = reader.stringVerify()).length) message.name = value
            else delete message.name
            continue
          }
          case 2: {
            if (wireType !== 2) break
            if ((value = reader.stringVerify()).length) message.description = value
            else delete message.description
            continue
          }
          case 3: {
            if (wireType !== 2) break
            if ((value = reader.stringVerify()).length) message.unit = value
            else delete message.unit
            continue
          }
          case 5: {
            if (wireType !== 2) break
            message.gauge = $root.otlp.Gauge.decode(
              reader,
              reader.size(),
              $undefined,
              _depth + 1,
              message.gauge
            )
            message.data = 'gauge'
            continue
          }
          case 7: {
            if (wireType !== 2) break
            message.sum = $root.otlp.Sum.decode(
              reader,
              reader.size(),
              $undefined,
              _depth + 1,
              message.sum
            )
            message.data = 'sum'
            continue
          }
          case 9: {
            if (wireType !== 2) break
            message.histogram = $root.otlp.Histogram.decode(
              reader,
              reader.size(),
              $undefined,
              _depth + 1,
              message.histogram
            )
            message.data = 'histogram'
            continue
          }
          case 10: {
            if (wireType !== 2) break
            message.exponentialHistogram = $root.otlp.ExponentialHistogram.decode(
              reader,
              reader.size(),
              $undefined,
              _depth + 1,
              message.exponentialHistogram
            )
            message.data = 'exponentialHistogram'
            continue
          }
          case 11: {
            if (wireType !== 2) break
            message.summary = $root.otlp.Summary.decode(
              reader,
              reader.size(),
              $undefined,
              _depth + 1,
              message.summary
            )
            message.data = 'summary'
            continue
          }
        }
        reader.skipType(wireType, _depth, tag)
        if (!reader.discardUnknown) {
          $util.makeProp(message, '$unknowns', false)
          ;(message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos))
        }
      }
      if (length !== $undefined) {
        if (reader.pos !== end) throw $RangeError('index out of range')
        reader.len = length
      }
      if (_end !== $undefined) throw $Error('missing end group')
      return message
    }

    return Metric
  })()

  otlp.Gauge = (function () {
    /**
     * Properties of a Gauge.
     * @typedef {Object} otlp.Gauge.$Properties
     * @property {Array.<otlp.NumberDataPoint.$Properties>|null} [dataPoints] Gauge dataPoints
     * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
     */

    /**
     * Properties of a Gauge.
     * @memberof otlp
     * @interface IGauge
     * @augments otlp.Gauge.$Properties
     * @deprecated Use otlp.Gauge.$Properties instead.
     */

    /**
     * Shape of a Gauge.
     * @typedef {{
     *   dataPoints?: Array.<otlp.NumberDataPoint.$Shape>|null;
     *   $unknowns?: Array.<Uint8Array>;
     * }} otlp.Gauge.$Shape
     */

    /**
     * Constructs a new Gauge.
     * @memberof otlp
     * @classdesc Represents a Gauge.
     * @constructor
     * @param {otlp.Gauge.$Properties=} [properties] Properties to set
     * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
     */
    const Gauge = function (properties) {
      this.dataPoints = []
      if (properties)
        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
          if (properties[keys[i]] != null && keys[i] !== '__proto__')
            this[keys[i]] = properties[keys[i]]
    }

    /**
     * Gauge dataPoints.
     * @member {Array.<otlp.NumberDataPoint.$Properties>} dataPoints
     * @memberof otlp.Gauge
     * @instance
     */
    Gauge.prototype.dataPoints = $util.emptyArray

    /**
     * Encodes the specified Gauge message. Does not implicitly {@link otlp.Gauge.verify|verify} messages.
     * @function encode
     * @memberof otlp.Gauge
     * @static
     * @param {otlp.Gauge.$Properties} message Gauge message or plain object to encode
     * @param {$protobuf.Writer} [writer] Writer to encode to
     * @returns {$protobuf.Writer} Writer
     */
    Gauge.encode = function (message, writer, _depth) {
      if (!writer) writer = $Writer.create()
      if (_depth === $undefined) _depth = 0
      if (_depth > $util.recursionLimit) throw $Error('max depth exceeded')
      if (message.dataPoints != null && message.dataPoints.length)
        for (let i = 0; i < message.dataPoints.length; ++i)
          $root.otlp.NumberDataPoint.encode(
            message.dataPoints[i],
            writer.uint32(/* id 1, wireType 2 =*/ 10).fork(),
            _depth + 1
          ).ldelim()
      if (message.$unknowns != null && $Object.hasOwnProperty.call(message, '$unknowns'))
        for (let i = 0; i < message.$unknowns.length; ++i) writer.raw(message.$unknowns[i])
      return writer
    }

    /**
     * Decodes a Gauge message from the specified reader or buffer.
     * @function decode
     * @memberof otlp.Gauge
     * @static
     * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
     * @param {number} [length] Message length if known beforehand
     * @returns {otlp.Gauge & otlp.Gauge.$Shape} Gauge
     * @throws {Error} If the payload is not a reader or valid buffer
     * @throws {$protobuf.util.ProtocolError} If required fields are missing
     */
    Gauge.decode = function (reader, length, _end, _depth, _target) {
      if (!(reader instanceof $Reader)) reader = $Reader.create(reader)
      if (_depth === $undefined) _depth = 0
      if (_depth > $Reader.recursionLimit) throw $Error('max depth exceeded')
      let end, message
      if (length === $undefined) end = reader.len
      else {
        end = reader.pos + length
        if (end > reader.len) throw $RangeError('index out of range')
        length = reader.len
        reader.len = end
      }
      message = _target || new $root.otlp.Gauge()
      while (reader.pos < end) {
        let start = reader.pos
        let tag = reader.tag()
        if (tag === _end) {
          _end = $undefined
          break
        }
        let wireType = tag & 7
        switch ((tag >>>= 3)) {
          case 1: {
            if (wireType !== 2) break
            if (!(message.dataPoints && message.dataPoints.length)) message.dataPoints = []
            message.dataPoints.push(
              $root.otlp.NumberDataPoint.decode(reader, reader.size(), $undefined, _depth + 1)
            )
            continue
          }
        }
        reader.skipType(wireType, _depth, tag)
        if (!reader.discardUnknown) {
          $util.makeProp(message, '$unknowns', false)
          ;(message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos))
        }
      }
      if (length !== $undefined) {
        if (reader.pos !== end) throw $RangeError('index out of range')
        reader.len = length
      }
      if (_end !== $undefined) throw $Error('missing end group')
      return message
    }

    return Gauge
  })()

  otlp.Sum = (function () {
    /**
     * Properties of a Sum.
     * @typedef {Object} otlp.Sum.$Properties
     * @property {Array.<otlp.NumberDataPoint.$Properties>|null} [dataPoints] Sum dataPoints
     * @property {number|null} [aggregationTemporality] Sum aggregationTemporality
     * @property {boolean|null} [isMonotonic] Sum isMonotonic
     * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
     */

    /**
     * Properties of a Sum.
     * @memberof otlp
     * @interface ISum
     * @augments otlp.Sum.$Properties
     * @deprecated Use otlp.Sum.$Properties instead.
     */

    /**
     * Shape of a Sum.
     * @typedef {{
     *   dataPoints?: Array.<otlp.NumberDataPoint.$Shape>|null;
     *   aggregationTemporality?: number|null;
     *   isMonotonic?: boolean|null;
     *   $unknowns?: Array.<Uint8Array>;
     * }} otlp.Sum.$Shape
     */

    /**
     * Constructs a new Sum.
     * @memberof otlp
     * @classdesc Represents a Sum.
     * @constructor
     * @param {otlp.Sum.$Properties=} [properties] Properties to set
     * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
     */
    const Sum = function (properties) {
      this.dataPoints = []
      if (properties)
        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
          if (properties[keys[i]] != null && keys[i] !== '__proto__')
            this[keys[i]] = properties[keys[i]]
    }

    /**
     * Sum dataPoints.
     * @member {Array.<otlp.NumberDataPoint.$Properties>} dataPoints
     * @memberof otlp.Sum
     * @instance
     */
    Sum.prototype.dataPoints = $util.emptyArray

    /**
     * Sum aggregationTemporality.
     * @member {number} aggregationTemporality
     * @memberof otlp.Sum
     * @instance
     */
    Sum.prototype.aggregationTemporality = 0

    /**
     * Sum isMonotonic.
     * @member {boolean} isMonotonic
     * @memberof otlp.Sum
     * @instance
     */
    Sum.prototype.isMonotonic = false

    /**
     * Encodes the specified Sum message. Does not implicitly {@link otlp.Sum.verify|verify} messages.
     * @function encode
     * @memberof otlp.Sum
     * @static
     * @param {otlp.Sum.$Properties} message Sum message or plain object to encode
     * @param {$protobuf.Writer} [writer] Writer to encode to
     * @returns {$protobuf.Writer} Writer
     */
    Sum.encode = function (message, writer, _depth) {
      if (!writer) writer = $Writer.create()
      if (_depth === $undefined) _depth = 0
      if (_depth > $util.recursionLimit) throw $Error('max depth exceeded')
      if (message.dataPoints != null && message.dataPoints.length)
        for (let i = 0; i < message.dataPoints.length; ++i)
          $root.otlp.NumberDataPoint.encode(
            message.dataPoints[i],
            writer.uint32(/* id 1, wireType 2 =*/ 10).fork(),
            _depth + 1
          ).ldelim()
      if (
        message.aggregationTemporality != null &&
        $Object.hasOwnProperty.call(message, 'aggregationTemporality') &&
        message.aggregationTemporality !== 0
      )
        writer.uint32(/* id 2, wireType 0 =*/ 16).int32(message.aggregationTemporality)
      if (
        message.isMonotonic != null &&
        $Object.hasOwnProperty.call(message, 'isMonotonic') &&
        message.isMonotonic !== false
      )
        writer.uint32(/* id 3, wireType 0 =*/ 24).bool(message.isMonotonic)
      if (message.$unknowns != null && $Object.hasOwnProperty.call(message, '$unknowns'))
        for (let i = 0; i < message.$unknowns.length; ++i) writer.raw(message.$unknowns[i])
      return writer
    }

    /**
     * Decodes a Sum message from the specified reader or buffer.
     * @function decode
     * @memberof otlp.Sum
     * @static
     * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
     * @param {number} [length] Message length if known beforehand
     * @returns {otlp.Sum & otlp.Sum.$Shape} Sum
     * @throws {Error} If the payload is not a reader or valid buffer
     * @throws {$protobuf.util.ProtocolError} If required fields are missing
     */
    Sum.decode = function (reader, length, _end, _depth, _target) {
      if (!(reader instanceof $Reader)) reader = $Reader.create(reader)
      if (_depth === $undefined) _depth = 0
      if (_depth > $Reader.recursionLimit) throw $Error('max depth exceeded')
      let end, message, value
      if (length === $undefined) end = reader.len
      else {
        end = reader.pos + length
        if (end > reader.len) throw $RangeError('index out of range')
        length = reader.len
        reader.len = end
      }
      message = _target || new $root.otlp.Sum()
      while (reader.pos < end) {
        let start = reader.pos
        let tag = reader.tag()
        if (tag === _end) {
          _end = $undefined
          break
        }
        let wireType = tag & 7
        switch ((tag >>>= 3)) {
          case 1: {
            if (wireType !== 2) break
            if (!(message.dataPoints && message.dataPoints.length)) message.dataPoints = []
            message.dataPoints.push(
              $root.otlp.NumberDataPoint.decode(reader, reader.size(), $undefined, _depth + 1)
            )
            continue
          }
          case 2: {
            if (wireType !== 0) break
            if ((value = reader.int32())) message.aggregationTemporality = value
            else delete message.aggregationTemporality
            continue
          }
          case 3: {
            if (wireType !== 0) break
            if ((value = reader.bool())) message.isMonotonic = value
            else delete message.isMonotonic
            continue
          }
        }
        reader.skipType(wireType, _depth, tag)
        if (!reader.discardUnknown) {
          $util.makeProp(message, '$unknowns', false)
          ;(message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos))
        }
      }
      if (length !== $undefined) {
        if (reader.pos !== end) throw $RangeError('index out of range')
        reader.len = length
      }
      if (_end !== $undefined) throw $Error('missing end group')
      return message
    }

    return Sum
  })()

  otlp.Histogram = (function () {
    /**
     * Properties of a Histogram.
     * @typedef {Object} otlp.Histogram.$Properties
     * @property {Array.<otlp.HistogramDataPoint.$Properties>|null} [dataPoints] Histogram dataPoints
     * @property {number|null} [aggregationTemporality] Histogram aggregationTemporality
     * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
     */

    /**
     * Properties of a Histogram.
     * @memberof otlp
     * @interface IHistogram
     * @augments otlp.Histogram.$Properties
     * @deprecated Use otlp.Histogram.$Properties instead.
     */

    /**
     * Shape of a Histogram.
     * @typedef {{
     *   dataPoints?: Array.<otlp.HistogramDataPoint.$Shape>|null;
     *   aggregationTemporality?: number|null;
     *   $unknowns?: Array.<Uint8Array>;
     * }} otlp.Histogram.$Shape
     */

    /**
     * Constructs a new Histogram.
     * @memberof otlp
     * @classdesc Represents a Histogram.
     * @constructor
     * @param {otlp.Histogram.$Properties=} [properties] Properties to set
     * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
     */
    const Histogram = function (properties) {
      this.dataPoints = []
      if (properties)
        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
          if (properties[keys[i]] != null && keys[i] !== '__proto__')
            this[keys[i]] = properties[keys[i]]
    }

    /**
     * Histogram dataPoints.
     * @member {Array.<otlp.HistogramDataPoint.$Properties>} dataPoints
     * @memberof otlp.Histogram
     * @instance
     */
    Histogram.prototype.dataPoints = $util.emptyArray

    /**
     * Histogram aggregationTemporality.
     * @member {number} aggregationTemporality
     * @memberof otlp.Histogram
     * @instance
     */
    Histogram.prototype.aggregationTemporality = 0

    /**
     * Encodes the specified Histogram message. Does not implicitly {@link otlp.Histogram.verify|verify} messages.
     * @function encode
     * @memberof otlp.Histogram
     * @static
     * @param {otlp.Histogram.$Properties} message Histogram message or plain object to encode
     * @param {$protobuf.Writer} [writer] Writer to encode to
     * @returns {$protobuf.Writer} Writer
     */
    Histogram.encode = function (message, writer, _depth) {
      if (!writer) writer = $Writer.create()
      if (_depth === $undefined) _depth = 0
      if (_depth > $util.recursionLimit) throw $Error('max depth exceeded')
      if (message.dataPoints != null && message.dataPoints.length)
        for (let i = 0; i < message.dataPoints.length; ++i)
          $root.otlp.HistogramDataPoint.encode(
            message.dataPoints[i],
            writer.uint32(/* id 1, wireType 2 =*/ 10).fork(),
            _depth + 1
          ).ldelim()
      if (
        message.aggregationTemporality != null &&
        $Object.hasOwnProperty.call(message, 'aggregationTemporality') &&
        message.aggregationTemporality !== 0
      )
        writer.uint32(/* id 2, wireType 0 =*/ 16).int32(message.aggregationTemporality)
      if (message.$unknowns != null && $Object.hasOwnProperty.call(message, '$unknowns'))
        for (let i = 0; i < message.$unknowns.length; ++i) writer.raw(message.$unknowns[i])
      return writer
    }

    /**
     * Decodes a Histogram message from the specified reader or buffer.
     * @function decode
     * @memberof otlp.Histogram
     * @static
     * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
     * @param {number} [length] Message length if known beforehand
     * @returns {otlp.Histogram & otlp.Histogram.$Shape} Histogram
     * @throws {Error} If the payload is not a reader or valid buffer
     * @throws {$protobuf.util.ProtocolError} If required fields are missing
     */
    Histogram.decode = function (reader, length, _end, _depth, _target) {
      if (!(reader instanceof $Reader)) reader = $Reader.create(reader)
      if (_depth === $undefined) _depth = 0
      if (_depth > $Reader.recursionLimit) throw $Error('max depth exceeded')
      let end, message, value
      if (length === $undefined) end = reader.len
      else {
        end = reader.pos + length
        if (end > reader.len) throw $RangeError('index out of range')
        length = reader.len
        reader.len = end
      }
      message = _target || new $root.otlp.Histogram()
      while (reader.pos < end) {
        let start = reader.pos
        let tag = reader.tag()
        if (tag === _end) {
          _end = $undefined
          break
        }
        let wireType = tag & 7
        switch ((tag >>>= 3)) {
          case 1: {
            if (wireType !== 2) break
            if (!(message.dataPoints && message.dataPoints.length)) message.dataPoints = []
            message.dataPoints.push(
              $root.otlp.HistogramDataPoint.decode(reader, reader.size(), $undefined, _depth + 1)
            )
            continue
          }
          case 2: {
            if (wireType !== 0) break
            if ((value = reader.int32())) message.aggregationTemporality = value
            else delete message.aggregationTemporality
            continue
          }
        }
        reader.skipType(wireType, _depth, tag)
        if (!reader.discardUnknown) {
          $util.makeProp(message, '$unknowns', false)
          ;(message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos))
        }
      }
      if (length !== $undefined) {
        if (reader.pos !== end) throw $RangeError('index out of range')
        reader.len = length
      }
      if (_end !== $undefined) throw $Error('missing end group')
      return message
    }

    return Histogram
  })()

  otlp.ExponentialHistogram = (function () {
    /**
     * Properties of an ExponentialHistogram.
     * @typedef {Object} otlp.ExponentialHistogram.$Properties
     * @property {Array.<otlp.ExponentialHistogramDataPoint.$Properties>|null} [dataPoints] ExponentialHistogram dataPoints
     * @property {number|null} [aggregationTemporality] ExponentialHistogram aggregationTemporality
     * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
     */

    /**
     * Properties of an ExponentialHistogram.
     * @memberof otlp
     * @interface IExponentialHistogram
     * @augments otlp.ExponentialHistogram.$Properties
     * @deprecated Use otlp.ExponentialHistogram.$Properties instead.
     */

    /**
     * Shape of an ExponentialHistogram.
     * @typedef {{
     *   dataPoints?: Array.<otlp.ExponentialHistogramDataPoint.$Shape>|null;
     *   aggregationTemporality?: number|null;
     *   $unknowns?: Array.<Uint8Array>;
     * }} otlp.ExponentialHistogram.$Shape
     */

    /**
     * Constructs a new ExponentialHistogram.
     * @memberof otlp
     * @classdesc Represents an ExponentialHistogram.
     * @constructor
     * @param {otlp.ExponentialHistogram.$Properties=} [properties] Properties to set
     * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
     */
    const ExponentialHistogram = function (properties) {
      this.dataPoints = []
      if (properties)
        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
          if (properties[keys[i]] != null && keys[i] !== '__proto__')
            this[keys[i]] = properties[keys[i]]
    }

    /**
     * ExponentialHistogram dataPoints.
     * @member {Array.<otlp.ExponentialHistogramDataPoint.$Properties>} dataPoints
     * @memberof otlp.ExponentialHistogram
     * @instance
     */
    ExponentialHistogram.prototype.dataPoints = $util.emptyArray

    /**
     * ExponentialHistogram aggregationTemporality.
     * @member {number} aggregationTemporality
     * @memberof otlp.ExponentialHistogram
     * @instance
     */
    ExponentialHistogram.prototype.aggregationTemporality = 0

    /**
     * Encodes the specified ExponentialHistogram message. Does not implicitly {@link otlp.ExponentialHistogram.verify|verify} messages.
     * @function encode
     * @memberof otlp.ExponentialHistogram
     * @static
     * @param {otlp.ExponentialHistogram.$Properties} message ExponentialHistogram message or plain object to encode
     * @param {$protobuf.Writer} [writer] Writer to encode to
     * @returns {$protobuf.Writer} Writer
     */
    ExponentialHistogram.encode = function (message, writer, _depth) {
      if (!writer) writer = $Writer.create()
      if (_depth === $undefined) _depth = 0
      if (_depth > $util.recursionLimit) throw $Error('max depth exceeded')
      if (message.dataPoints != null && message.dataPoints.length)
        for (let i = 0; i < message.dataPoints.length; ++i)
          $root.otlp.ExponentialHistogramDataPoint.encode(
            message.dataPoints[i],
            writer.uint32(/* id 1, wireType 2 =*/ 10).fork(),
            _depth + 1
          ).ldelim()
      if (
        message.aggregationTemporality != null &&
        $Object.hasOwnProperty.call(message, 'aggregationTemporality') &&
        message.aggregationTemporality !== 0
      )
        writer.uint32(/* id 2, wireType 0 =*/ 16).int32(message.aggregationTemporality)
      if (message.$unknowns != null && $Object.hasOwnProperty.call(message, '$unknowns'))
        for (let i = 0; i < message.$unknowns.length; ++i) writer.raw(message.$unknowns[i])
      return writer
    }

    /**
     * Decodes an ExponentialHistogram message from the specified reader or buffer.
     * @function decode
     * @memberof otlp.ExponentialHistogram
     * @static
     * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
     * @param {number} [length] Message length if known beforehand
     * @returns {otlp.ExponentialHistogram & otlp.ExponentialHistogram.$Shape} ExponentialHistogram
     * @throws {Error} If the payload is not a reader or valid buffer
     * @throws {$protobuf.util.ProtocolError} If required fields are missing
     */
    ExponentialHistogram.decode = function (reader, length, _end, _depth, _target) {
      if (!(reader instanceof $Reader)) reader = $Reader.create(reader)
      if (_depth === $undefined) _depth = 0
      if (_depth > $Reader.recursionLimit) throw $Error('max depth exceeded')
      let end, message, value
      if (length === $undefined) end = reader.len
      else {
        end = reader.pos + length
        if (end > reader.len) throw $RangeError('index out of range')
        length = reader.len
        reader.len = end
      }
      message = _target || new $root.otlp.ExponentialHistogram()
      while (reader.pos < end) {
        let start = reader.pos
        let tag = reader.tag()
        if (tag === _end) {
          _end = $undefined
          break
        }
        let wireType = tag & 7
        switch ((tag >>>= 3)) {
          case 1: {
            if (wireType !== 2) break
            if (!(message.dataPoints && message.dataPoints.length)) message.dataPoints = []
            message.dataPoints.push(
              $root.otlp.ExponentialHistogramDataPoint.decode(
                reader,
                reader.size(),
                $undefined,
                _depth + 1
              )
            )
            continue
          }
          case 2: {
            if (wireType !== 0) break
            if ((value = reader.int32())) message.aggregationTemporality = value
            else delete message.aggregationTemporality
            continue
          }
        }
        reader.skipType(wireType, _depth, tag)
        if (!reader.discardUnknown) {
          $util.makeProp(message, '$unknowns', false)
          ;(message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos))
        }
      }
      if (length !== $undefined) {
        if (reader.pos !== end) throw $RangeError('index out of range')
        reader.len = length
      }
      if (_end !== $undefined) throw $Error('missing end group')
      return message
    }

    return ExponentialHistogram
  })()

  otlp.Summary = (function () {
    /**
     * Properties of a Summary.
     * @typedef {Object} otlp.Summary.$Properties
     * @property {Array.<otlp.SummaryDataPoint.$Properties>|null} [dataPoints] Summary dataPoints
     * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
     */

    /**
     * Properties of a Summary.
     * @memberof otlp
     * @interface ISummary
     * @augments otlp.Summary.$Properties
     * @deprecated Use otlp.Summary.$Properties instead.
     */

    /**
     * Shape of a Summary.
     * @typedef {{
     *   dataPoints?: Array.<otlp.SummaryDataPoint.$Shape>|null;
     *   $unknowns?: Array.<Uint8Array>;
     * }} otlp.Summary.$Shape
     */

    /**
     * Constructs a new Summary.
     * @memberof otlp
     * @classdesc Represents a Summary.
     * @constructor
     * @param {otlp.Summary.$Properties=} [properties] Properties to set
     * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
     */
    const Summary = function (properties) {
      this.dataPoints = []
      if (properties)
        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
          if (properties[keys[i]] != null && keys[i] !== '__proto__')
            this[keys[i]] = properties[keys[i]]
    }

    /**
     * Summary dataPoints.
     * @member {Array.<otlp.SummaryDataPoint.$Properties>} dataPoints
     * @memberof otlp.Summary
     * @instance
     */
    Summary.prototype.dataPoints = $util.emptyArray

    /**
     * Encodes the specified Summary message. Does not implicitly {@link otlp.Summary.verify|verify} messages.
     * @function encode
     * @memberof otlp.Summary
     * @static
     * @param {otlp.Summary.$Properties} message Summary message or plain object to encode
     * @param {$protobuf.Writer} [writer] Writer to encode to
     * @returns {$protobuf.Writer} Writer
     */
    Summary.encode = function (message, writer, _depth) {
      if (!writer) writer = $Writer.create()
      if (_depth === $undefined) _depth = 0
      if (_depth > $util.recursionLimit) throw $Error('max depth exceeded')
      if (message.dataPoints != null && message.dataPoints.length)
        for (let i = 0; i < message.dataPoints.length; ++i)
          $root.otlp.SummaryDataPoint.encode(
            message.dataPoints[i],
            writer.uint32(/* id 1, wireType 2 =*/ 10).fork(),
            _depth + 1
          ).ldelim()
      if (message.$unknowns != null && $Object.hasOwnProperty.call(message, '$unknowns'))
        for (let i = 0; i < message.$unknowns.length; ++i) writer.raw(message.$unknowns[i])
      return writer
    }

    /**
     * Decodes a Summary message from the specified reader or buffer.
     * @function decode
     * @memberof otlp.Summary
     * @static
     * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
     * @param {number} [length] Message length if known beforehand
     * @returns {otlp.Summary & otlp.Summary.$Shape} Summary
     * @throws {Error} If the payload is not a reader or valid buffer
     * @throws {$protobuf.util.ProtocolError} If required fields are missing
     */
    Summary.decode = function (reader, length, _end, _depth, _target) {
      if (!(reader instanceof $Reader)) reader = $Reader.create(reader)
      if (_depth === $undefined) _depth = 0
      if (_depth > $Reader.recursionLimit) throw $Error('max depth exceeded')
      let end, message
      if (length === $undefined) end = reader.len
      else {
        end = reader.pos + length
        if (end > reader.len) throw $RangeError('index out of range')
        length = reader.len
        reader.len = end
      }
      message = _target || new $root.otlp.Summary()
      while (reader.pos < end) {
        let start = reader.pos
        let tag = reader.tag()
        if (tag === _end) {
          _end = $undefined
          break
        }
        let wireType = tag & 7
        switch ((tag >>>= 3)) {
          case 1: {
            if (wireType !== 2) break
            if (!(message.dataPoints && message.dataPoints.length)) message.dataPoints = []
            message.dataPoints.push(
              $root.otlp.SummaryDataPoint.decode(reader, reader.size(), $undefined, _depth + 1)
            )
            continue
          }
        }
        reader.skipType(wireType, _depth, tag)
        if (!reader.discardUnknown) {
          $util.makeProp(message, '$unknowns', false)
          ;(message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos))
        }
      }
      if (length !== $undefined) {
        if (reader.pos !== end) throw $RangeError('index out of range')
        reader.len = length
      }
      if (_end !== $undefined) throw $Error('missing end group')
      return message
    }

    return Summary
  })()

  otlp.NumberDataPoint = (function () {
    /**
     * Properties of a NumberDataPoint.
     * @typedef {Object} otlp.NumberDataPoint.$Properties
     * @property {Array.<otlp.KeyValue.$Properties>|null} [attributes] NumberDataPoint attributes
     * @property {number|Long|null} [startTimeUnixNano] NumberDataPoint startTimeUnixNano
     * @property {number|Long|null} [timeUnixNano] NumberDataPoint timeUnixNano
     * @property {number|null} [asDouble] NumberDataPoint asDouble
     * @property {number|Long|null} [asInt] NumberDataPoint asInt
     * @property {number|null} [flags] NumberDataPoint flags
     * @property {"asDouble"|"asInt"} [value] NumberDataPoint value
     * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
     */

    /**
     * Properties of a NumberDataPoint.
     * @memberof otlp
     * @interface INumberDataPoint
     * @augments otlp.NumberDataPoint.$Properties
     * @deprecated Use otlp.NumberDataPoint.$Properties instead.
     */

    /**
     * Narrowed shape of a NumberDataPoint.
     * @typedef {{
     *   attributes?: Array.<otlp.KeyValue.$Shape>|null;
     *   startTimeUnixNano?: number|Long|null;
     *   timeUnixNano?: number|Long|null;
     *   asDouble?: number|null;
     *   asInt?: number|Long|null;
     *   flags?: number|null;
     *   $unknowns?: Array.<Uint8Array>;
     * } & (
     *   ({ value?: undefined; asDouble?: null; asInt?: null }|{ value?: "asDouble"; asDouble: number; asInt?: null }|{ value?: "asInt"; asDouble?: null; asInt: number|Long })
     * )} otlp.NumberDataPoint.$Shape
     */

    /**
     * Constructs a new NumberDataPoint.
     * @memberof otlp
     * @classdesc Represents a NumberDataPoint.
     * @constructor
     * @param {otlp.NumberDataPoint.$Properties=} [properties] Properties to set
     * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
     */
    const NumberDataPoint = function (properties) {
      this.attributes = []
      if (properties)
        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
          if (properties[keys[i]] != null && keys[i] !== '__proto__')
            this[keys[i]] = properties[keys[i]]
    }

    /**
     * NumberDataPoint attributes.
     * @member {Array.<otlp.KeyValue.$Properties>} attributes
     * @memberof otlp.NumberDataPoint
     * @instance
     */
    NumberDataPoint.prototype.attributes = $util.emptyArray

    /**
     * NumberDataPoint startTimeUnixNano.
     * @member {number|Long} startTimeUnixNano
     * @memberof otlp.NumberDataPoint
     * @instance
     */
    NumberDataPoint.prototype.startTimeUnixNano = $util.Long ? $util.Long.fromBits(0, 0, true) : 0

    /**
     * NumberDataPoint timeUnixNano.
     * @member {number|Long} timeUnixNano
     * @memberof otlp.NumberDataPoint
     * @instance
     */
    NumberDataPoint.prototype.timeUnixNano = $util.Long ? $util.Long.fromBits(0, 0, true) : 0

    /**
     * NumberDataPoint asDouble.
     * @member {number|null|undefined} asDouble
     * @memberof otlp.NumberDataPoint
     * @instance
     */
    NumberDataPoint.prototype.asDouble = null

    /**
     * NumberDataPoint asInt.
     * @member {number|Long|null|undefined} asInt
     * @memberof otlp.NumberDataPoint
     * @instance
     */
    NumberDataPoint.prototype.asInt = null

    /**
     * NumberDataPoint flags.
     * @member {number} flags
     * @memberof otlp.NumberDataPoint
     * @instance
     */
    NumberDataPoint.prototype.flags = 0

    // OneOf field names bound to virtual getters and setters
    let $oneOfFields

    /**
     * NumberDataPoint value.
     * @member {"asDouble"|"asInt"|undefined} value
     * @memberof otlp.NumberDataPoint
     * @instance
     */
    $Object.defineProperty(NumberDataPoint.prototype, 'value', {
      get: $util.oneOfGetter(($oneOfFields = ['asDouble', 'asInt'])),
      set: $util.oneOfSetter($oneOfFields),
    })

    /**
     * Encodes the specified NumberDataPoint message. Does not implicitly {@link otlp.NumberDataPoint.verify|verify} messages.
     * @function encode
     * @memberof otlp.NumberDataPoint
     * @static
     * @param {otlp.NumberDataPoint.$Properties} message NumberDataPoint message or plain object to encode
     * @param {$protobuf.Writer} [writer] Writer to encode to
     * @returns {$protobuf.Writer} Writer
     */
    NumberDataPoint.encode = function (message, writer, _depth) {
      if (!writer) writer = $Writer.create()
      if (_depth === $undefined) _depth = 0
      if (_depth > $util.recursionLimit) throw $Error('max depth exceeded')
      if (
        message.startTimeUnixNano != null &&
        $Object.hasOwnProperty.call(message, 'startTimeUnixNano') &&
        (typeof message.startTimeUnixNano === 'object'
          ? message.startTimeUnixNano.low || message.startTimeUnixNano.high
          : message.startTimeUnixNano !== 0)
      )
        writer.uint32(/* id 2, wireType 1 =*/ 17).fixed64(message.startTimeUnixNano)
      if (
        message.timeUnixNano != null &&
        $Object.hasOwnProperty.call(message, 'timeUnixNano') &&
        (typeof message.timeUnixNano === 'object'
          ? message.timeUnixNano.low || message.timeUnixNano.high
          : message.timeUnixNano !== 0)
      )
        writer.uint32(/* id 3, wireType 1 =*/ 25).fixed64(message.timeUnixNano)
      if (message.asDouble != null && $Object.hasOwnProperty.call(message, 'asDouble'))
        writer.uint32(/* id 4, wireType 1 =*/ 33).double(message.asDouble)
      if (message.asInt != null && $Object.hasOwnProperty.call(message, 'asInt'))
        writer.uint32(/* id 6, wireType 1 =*/ 49).sfixed64(message.asInt)
      if (message.attributes != null && message.attributes.length)
        for (let i = 0; i < message.attributes.length; ++i)
          $root.otlp.KeyValue.encode(
            message.attributes[i],
            writer.uint32(/* id 7, wireType 2 =*/ 58).fork(),
            _depth + 1
          ).ldelim()
      if (
        message.flags != null &&
        $Object.hasOwnProperty.call(message, 'flags') &&
        message.flags !== 0
      )
        writer.uint32(/* id 8, wireType 0 =*/ 64).uint32(message.flags)
      if (message.$unknowns != null && $Object.hasOwnProperty.call(message, '$unknowns'))
        for (let i = 0; i < message.$unknowns.length; ++i) writer.raw(message.$unknowns[i])
      return writer
    }

    /**
     * Decodes a NumberDataPoint message from the specified reader or buffer.
     * @function decode
     * @memberof otlp.NumberDataPoint
     * @static
     * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
     * @param {number} [length] Message length if known beforehand
     * @returns {otlp.NumberDataPoint & otlp.NumberDataPoint.$Shape} NumberDataPoint
     * @throws {Error} If the payload is not a reader or valid buffer
     * @throws {$protobuf.util.ProtocolError} If required fields are missing
     */
    NumberDataPoint.decode = function (reader, length, _end, _depth, _target) {
      if (!(reader instanceof $Reader)) reader = $Reader.create(reader)
      if (_depth === $undefined) _depth = 0
      if (_depth > $Reader.recursionLimit) throw $Error('max depth exceeded')
      let end, message, value
      if (length === $undefined) end = reader.len
      else {
        end = reader.pos + length
        if (end > reader.len) throw $RangeError('index out of range')
        length = reader.len
        reader.len = end
      }
      message = _target || new $root.otlp.NumberDataPoint()
      while (reader.pos < end) {
        let start = reader.pos
        let tag = reader.tag()
        if (tag === _end) {
          _end = $undefined
          break
        }
        let wireType = tag & 7
        switch ((tag >>>= 3)) {
          case 7: {
            if (wireType !== 2) break
            if (!(message.attributes && message.attributes.length)) message.attributes = []
            message.attributes.push(
              $root.otlp.KeyValue.decode(reader, reader.size(), $undefined, _depth + 1)
            )
            continue
          }
          case 2: {
            if (wireType !== 1) break
            if (
              typeof (value = reader.fixed64()) === 'object' ? value.low || value.high : value !== 0
            )
              message.startTimeUnixNano = value
            else delete message.startTimeUnixNano
            continue
          }
          case 3: {
            if (wireType !== 1) break
            if (
              typeof (value = reader.fixed64()) === 'object' ? value.low || value.high : value !== 0
            )
              message.timeUnixNano = value
            else delete message.timeUnixNano
            continue
          }
          case 4: {
            if (wireType !== 1) break
            message.asDouble = reader.double()
            message.value = 'asDouble'
            continue
          }
          case 6: {
            if (wireType !== 1) break
            message.asInt = reader.sfixed64()
            message.value = 'asInt'
            continue
          }
          case 8: {
            if (wireType !== 0) break
            if ((value = reader.uint32())) message.flags = value
            else delete message.flags
            continue
          }
        }
        reader.skipType(wireType, _depth, tag)
        if (!reader.discardUnknown) {
          $util.makeProp(message, '$unknowns', false)
          ;(message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos))
        }
      }
      if (length !== $undefined) {
        if (reader.pos !== end) throw $RangeError('index out of range')
        reader.len = length
      }
      if (_end !== $undefined) throw $Error('missing end group')
      return message
    }

    return NumberDataPoint
  })()

  otlp.HistogramDataPoint = (function () {
    /**
     * Properties of a HistogramDataPoint.
     * @typedef {Object} otlp.HistogramDataPoint.$Properties
     * @property {Array.<otlp.KeyValue.$Properties>|null} [attributes] HistogramDataPoint attributes
     * @property {number|Long|null} [startTimeUnixNano] HistogramDataPoint startTimeUnixNano
     * @property {number|Long|null} [timeUnixNano] HistogramDataPoint timeUnixNano
     * @property {number|Long|null} [count] HistogramDataPoint count
     * @property {number|null} [sum] HistogramDataPoint sum
     * @property {Array.<number|Long>|null} [bucketCounts] HistogramDataPoint bucketCounts
     * @property {Array.<number>|null} [explicitBounds] HistogramDataPoint explicitBounds
     * @property {number|null} [flags] HistogramDataPoint flags
     * @property {number|null} [min] HistogramDataPoint min
     * @property {number|null} [max] HistogramDataPoint max
     * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
     */

    /**
     * Properties of a HistogramDataPoint.
     * @memberof otlp
     * @interface IHistogramDataPoint
     * @augments otlp.HistogramDataPoint.$Properties
     * @deprecated Use otlp.HistogramDataPoint.$Properties instead.
     */

    /**
     * Shape of a HistogramDataPoint.
     * @typedef {{
     *   attributes?: Array.<otlp.KeyValue.$Shape>|null;
     *   startTimeUnixNano?: number|Long|null;
     *   timeUnixNano?: number|Long|null;
     *   count?: number|Long|null;
     *   sum?: number|null;
     *   bucketCounts?: Array.<number|Long>|null;
     *   explicitBounds?: Array.<number>|null;
     *   flags?: number|null;
     *   min?: number|null;
     *   max?: number|null;
     *   $unknowns?: Array.<Uint8Array>;
     * }} otlp.HistogramDataPoint.$Shape
     */

    /**
     * Constructs a new HistogramDataPoint.
     * @memberof otlp
     * @classdesc Represents a HistogramDataPoint.
     * @constructor
     * @param {otlp.HistogramDataPoint.$Properties=} [properties] Properties to set
     * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
     */
    const HistogramDataPoint = function (properties) {
      this.attributes = []
      this.bucketCounts = []
      this.explicitBounds = []
      if (properties)
        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
          if (properties[keys[i]] != null && keys[i] !== '__proto__')
            this[keys[i]] = properties[keys[i]]
    }

    /**
     * HistogramDataPoint attributes.
     * @member {Array.<otlp.KeyValue.$Properties>} attributes
     * @memberof otlp.HistogramDataPoint
     * @instance
     */
    HistogramDataPoint.prototype.attributes = $util.emptyArray

    /**
     * HistogramDataPoint startTimeUnixNano.
     * @member {number|Long} startTimeUnixNano
     * @memberof otlp.HistogramDataPoint
     * @instance
     */
    HistogramDataPoint.prototype.startTimeUnixNano = $util.Long
      ? $util.Long.fromBits(0, 0, true)
      : 0

    /**
     * HistogramDataPoint timeUnixNano.
     * @member {number|Long} timeUnixNano
     * @memberof otlp.HistogramDataPoint
     * @instance
     */
    HistogramDataPoint.prototype.timeUnixNano = $util.Long ? $util.Long.fromBits(0, 0, true) : 0

    /**
     * HistogramDataPoint count.
     * @member {number|Long} count
     * @memberof otlp.HistogramDataPoint
     * @instance
     */
    HistogramDataPoint.prototype.count = $util.Long ? $util.Long.fromBits(0, 0, true) : 0

    /**
     * HistogramDataPoint sum.
     * @member {number|null|undefined} sum
     * @memberof otlp.HistogramDataPoint
     * @instance
     */
    HistogramDataPoint.prototype.sum = null

    /**
     * HistogramDataPoint bucketCounts.
     * @member {Array.<number|Long>} bucketCounts
     * @memberof otlp.HistogramDataPoint
     * @instance
     */
    HistogramDataPoint.prototype.bucketCounts = $util.emptyArray

    /**
     * HistogramDataPoint explicitBounds.
     * @member {Array.<number>} explicitBounds
     * @memberof otlp.HistogramDataPoint
     * @instance
     */
    HistogramDataPoint.prototype.explicitBounds = $util.emptyArray

    /**
     * HistogramDataPoint flags.
     * @member {number} flags
     * @memberof otlp.HistogramDataPoint
     * @instance
     */
    HistogramDataPoint.prototype.flags = 0

    /**
     * HistogramDataPoint min.
     * @member {number|null|undefined} min
     * @memberof otlp.HistogramDataPoint
     * @instance
     */
    HistogramDataPoint.prototype.min = null

    /**
     * HistogramDataPoint max.
     * @member {number|null|undefined} max
     * @memberof otlp.HistogramDataPoint
     * @instance
     */
    HistogramDataPoint.prototype.max = null

    // OneOf field names bound to virtual getters and setters
    let $oneOfFields

    // Virtual OneOf for proto3 optional field
    $Object.defineProperty(HistogramDataPoint.prototype, '_sum', {
      get: $util.oneOfGetter(($oneOfFields = ['sum'])),
      set: $util.oneOfSetter($oneOfFields),
    })

    // Virtual OneOf for proto3 optional field
    $Object.defineProperty(HistogramDataPoint.prototype, '_min', {
      get: $util.oneOfGetter(($oneOfFields = ['min'])),
      set: $util.oneOfSetter($oneOfFields),
    })

    // Virtual OneOf for proto3 optional field
    $Object.defineProperty(HistogramDataPoint.prototype, '_max', {
      get: $util.oneOfGetter(($oneOfFields = ['max'])),
      set: $util.oneOfSetter($oneOfFields),
    })

    /**
     * Encodes the specified HistogramDataPoint message. Does not implicitly {@link otlp.HistogramDataPoint.verify|verify} messages.
     * @function encode
     * @memberof otlp.HistogramDataPoint
     * @static
     * @param {otlp.HistogramDataPoint.$Properties} message HistogramDataPoint message or plain object to encode
     * @param {$protobuf.Writer} [writer] Writer to encode to
     * @returns {$protobuf.Writer} Writer
     */
    HistogramDataPoint.encode = function (message, writer, _depth) {
      if (!writer) writer = $Writer.create()
      if (_depth === $undefined) _depth = 0
      if (_depth > $util.recursionLimit) throw $Error('max depth exceeded')
      if (
        message.startTimeUnixNano != null &&
        $Object.hasOwnProperty.call(message, 'startTimeUnixNano') &&
        (typeof message.startTimeUnixNano === 'object'
          ? message.startTimeUnixNano.low || message.startTimeUnixNano.high
          : message.startTimeUnixNano !== 0)
      )
        writer.uint32(/* id 2, wireType 1 =*/ 17).fixed64(message.startTimeUnixNano)
      if (
        message.timeUnixNano != null &&
        $Object.hasOwnProperty.call(message, 'timeUnixNano') &&
        (typeof message.timeUnixNano === 'object'
          ? message.timeUnixNano.low || message.timeUnixNano.high
          : message.timeUnixNano !== 0)
      )
        writer.uint32(/* id 3, wireType 1 =*/ 25).fixed64(message.timeUnixNano)
      if (
        message.count != null &&
        $Object.hasOwnProperty.call(message, 'count') &&
        (typeof message.count === 'object'
          ? message.count.low || message.count.high
          : message.count !== 0)
      )
        writer.uint32(/* id 4, wireType 1 =*/ 33).fixed64(message.count)
      if (message.sum != null && $Object.hasOwnProperty.call(message, 'sum'))
        writer.uint32(/* id 5, wireType 1 =*/ 41).double(message.sum)
      if (message.bucketCounts != null && message.bucketCounts.length)
        writer.uint32(/* id 6, wireType 2 =*/ 50).fixed64s(message.bucketCounts)
      if (message.explicitBounds != null && message.explicitBounds.length)
        writer.uint32(/* id 7, wireType 2 =*/ 58).doubles(message.explicitBounds)
      if (message.attributes != null && message.attributes.length)
        for (let i = 0; i < message.attributes.length; ++i)
          $root.otlp.KeyValue.encode(
            message.attributes[i],
            writer.uint32(/* id 9, wireType 2 =*/ 74).fork(),
            _depth + 1
          ).ldelim()
      if (
        message.flags != null &&
        $Object.hasOwnProperty.call(message, 'flags') &&
        message.flags !== 0
      )
        writer.uint32(/* id 10, wireType 0 =*/ 80).uint32(message.flags)
      if (message.min != null && $Object.hasOwnProperty.call(message, 'min'))
        writer.uint32(/* id 11, wireType 1 =*/ 89).double(message.min)
      if (message.max != null && $Object.hasOwnProperty.call(message, 'max'))
        writer.uint32(/* id 12, wireType 1 =*/ 97).double(message.max)
      if (message.$unknowns != null && $Object.hasOwnProperty.call(message, '$unknowns'))
        for (let i = 0; i < message.$unknowns.length; ++i) writer.raw(message.$unknowns[i])
      return writer
    }

    /**
     * Decodes a HistogramDataPoint message from the specified reader or buffer.
     * @function decode
     * @memberof otlp.HistogramDataPoint
     * @static
     * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
     * @param {number} [length] Message length if known beforehand
     * @returns {otlp.HistogramDataPoint & otlp.HistogramDataPoint.$Shape} HistogramDataPoint
     * @throws {Error} If the payload is not a reader or valid buffer
     * @throws {$protobuf.util.ProtocolError} If required fields are missing
     */
    HistogramDataPoint.decode = function (reader, length, _end, _depth, _target) {
      if (!(reader instanceof $Reader)) reader = $Reader.create(reader)
      if (_depth === $undefined) _depth = 0
      if (_depth > $Reader.recursionLimit) throw $Error('max depth exceeded')
      let end, message, value
      if (length === $undefined) end = reader.len
      else {
        end = reader.pos + length
        if (end > reader.len) throw $RangeError('index out of range')
        length = reader.len
        reader.len = end
      }
      message = _target || new $root.otlp.HistogramDataPoint()
      while (reader.pos < end) {
        let start = reader.pos
        let tag = reader.tag()
        if (tag === _end) {
          _end = $undefined
          break
        }
        let wireType = tag & 7
        switch ((tag >>>= 3)) {
          case 9: {
            if (wireType !== 2) break
            if (!(message.attributes && message.attributes.length)) message.attributes = []
            message.attributes.push(
              $root.otlp.KeyValue.decode(reader, reader.size(), $undefined, _depth + 1)
            )
            continue
          }
          case 2: {
            if (wireType !== 1) break
            if (
              typeof (value = reader.fixed64()) === 'object' ? value.low || value.high : value !== 0
            )
              message.startTimeUnixNano = value
            else delete message.startTimeUnixNano
            continue
          }
          case 3: {
            if (wireType !== 1) break
            if (
              typeof (value = reader.fixed64()) === 'object' ? value.low || value.high : value !== 0
            )
              message.timeUnixNano = value
            else delete message.timeUnixNano
            continue
          }
          case 4: {
            if (wireType !== 1) break
            if (
              typeof (value = reader.fixed64()) === 'object' ? value.low || value.high : value !== 0
            )
              message.count = value
            else delete message.count
            continue
          }
          case 5: {
            if (wireType !== 1) break
            message.sum = reader.double()
            message._sum = 'sum'
            continue
          }
          case 6: {
            if (wireType === 2) {
              if (!(message.bucketCounts && message.bucketCounts.length)) message.bucketCounts = []
              reader.fixed64s(message.bucketCounts)
              continue
            }
            if (wireType !== 1) break
            if (!(message.bucketCounts && message.bucketCounts.length)) message.bucketCounts = []
            message.bucketCounts.push(reader.fixed64())
            continue
          }
          case 7: {
            if (wireType === 2) {
              if (!(message.explicitBounds && message.explicitBounds.length))
                message.explicitBounds = []
              reader.doubles(message.explicitBounds)
              continue
            }
            if (wireType !== 1) break
            if (!(message.explicitBounds && message.explicitBounds.length))
              message.explicitBounds = []
            message.explicitBounds.push(reader.double())
            continue
          }
          case 10: {
            if (wireType !== 0) break
            if ((value = reader.uint32())) message.flags = value
            else delete message.flags
            continue
          }
          case 11: {
            if (wireType !== 1) break
            message.min = reader.double()
            message._min = 'min'
            continue
          }
          case 12: {
            if (wireType !== 1) break
            message.max = reader.double()
            message._max = 'max'
            continue
          }
        }
        reader.skipType(wireType, _depth, tag)
        if (!reader.discardUnknown) {
          $util.makeProp(message, '$unknowns', false)
          ;(message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos))
        }
      }
      if (length !== $undefined) {
        if (reader.pos !== end) throw $RangeError('index out of range')
        reader.len = length
      }
      if (_end !== $undefined) throw $Error('missing end group')
      return message
    }

    return HistogramDataPoint
  })()

  otlp.ExponentialHistogramDataPoint = (function () {
    /**
     * Properties of an ExponentialHistogramDataPoint.
     * @typedef {Object} otlp.ExponentialHistogramDataPoint.$Properties
     * @property {Array.<otlp.KeyValue.$Properties>|null} [attributes] ExponentialHistogramDataPoint attributes
     * @property {number|Long|null} [startTimeUnixNano] ExponentialHistogramDataPoint startTimeUnixNano
     * @property {number|Long|null} [timeUnixNano] ExponentialHistogramDataPoint timeUnixNano
     * @property {number|Long|null} [count] ExponentialHistogramDataPoint count
     * @property {number|null} [sum] ExponentialHistogramDataPoint sum
     * @property {number|null} [scale] ExponentialHistogramDataPoint scale
     * @property {number|Long|null} [zeroCount] ExponentialHistogramDataPoint zeroCount
     * @property {otlp.ExponentialHistogramDataPoint.Buckets.$Properties|null} [positive] ExponentialHistogramDataPoint positive
     * @property {otlp.ExponentialHistogramDataPoint.Buckets.$Properties|null} [negative] ExponentialHistogramDataPoint negative
     * @property {number|null} [flags] ExponentialHistogramDataPoint flags
     * @property {number|null} [min] ExponentialHistogramDataPoint min
     * @property {number|null} [max] ExponentialHistogramDataPoint max
     * @property {number|null} [zeroThreshold] ExponentialHistogramDataPoint zeroThreshold
     * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
     */

    /**
     * Properties of an ExponentialHistogramDataPoint.
     * @memberof otlp
     * @interface IExponentialHistogramDataPoint
     * @augments otlp.ExponentialHistogramDataPoint.$Properties
     * @deprecated Use otlp.ExponentialHistogramDataPoint.$Properties instead.
     */

    /**
     * Shape of an ExponentialHistogramDataPoint.
     * @typedef {{
     *   attributes?: Array.<otlp.KeyValue.$Shape>|null;
     *   startTimeUnixNano?: number|Long|null;
     *   timeUnixNano?: number|Long|null;
     *   count?: number|Long|null;
     *   sum?: number|null;
     *   scale?: number|null;
     *   zeroCount?: number|Long|null;
     *   positive?: otlp.ExponentialHistogramDataPoint.Buckets.$Shape|null;
     *   negative?: otlp.ExponentialHistogramDataPoint.Buckets.$Shape|null;
     *   flags?: number|null;
     *   min?: number|null;
     *   max?: number|null;
     *   zeroThreshold?: number|null;
     *   $unknowns?: Array.<Uint8Array>;
     * }} otlp.ExponentialHistogramDataPoint.$Shape
     */

    /**
     * Constructs a new ExponentialHistogramDataPoint.
     * @memberof otlp
     * @classdesc Represents an ExponentialHistogramDataPoint.
     * @constructor
     * @param {otlp.ExponentialHistogramDataPoint.$Properties=} [properties] Properties to set
     * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
     */
    const ExponentialHistogramDataPoint = function (properties) {
      this.attributes = []
      if (properties)
        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
          if (properties[keys[i]] != null && keys[i] !== '__proto__')
            this[keys[i]] = properties[keys[i]]
    }

    /**
     * ExponentialHistogramDataPoint attributes.
     * @member {Array.<otlp.KeyValue.$Properties>} attributes
     * @memberof otlp.ExponentialHistogramDataPoint
     * @instance
     */
    ExponentialHistogramDataPoint.prototype.attributes = $util.emptyArray

    /**
     * ExponentialHistogramDataPoint startTimeUnixNano.
     * @member {number|Long} startTimeUnixNano
     * @memberof otlp.ExponentialHistogramDataPoint
     * @instance
     */
    ExponentialHistogramDataPoint.prototype.startTimeUnixNano = $util.Long
      ? $util.Long.fromBits(0, 0, true)
      : 0

    /**
     * ExponentialHistogramDataPoint timeUnixNano.
     * @member {number|Long} timeUnixNano
     * @memberof otlp.ExponentialHistogramDataPoint
     * @instance
     */
    ExponentialHistogramDataPoint.prototype.timeUnixNano = $util.Long
      ? $util.Long.fromBits(0, 0, true)
      : 0

    /**
     * ExponentialHistogramDataPoint count.
     * @member {number|Long} count
     * @memberof otlp.ExponentialHistogramDataPoint
     * @instance
     */
    ExponentialHistogramDataPoint.prototype.count = $util.Long ? $util.Long.fromBits(0, 0, true) : 0

    /**
     * ExponentialHistogramDataPoint sum.
     * @member {number|null|undefined} sum
     * @memberof otlp.ExponentialHistogramDataPoint
     * @instance
     */
    ExponentialHistogramDataPoint.prototype.sum = null

    /**
     * ExponentialHistogramDataPoint scale.
     * @member {number} scale
     * @memberof otlp.ExponentialHistogramDataPoint
     * @instance
     */
    ExponentialHistogramDataPoint.prototype.scale = 0

    /**
     * ExponentialHistogramDataPoint zeroCount.
     * @member {number|Long} zeroCount
     * @memberof otlp.ExponentialHistogramDataPoint
     * @instance
     */
    ExponentialHistogramDataPoint.prototype.zeroCount = $util.Long
      ? $util.Long.fromBits(0, 0, true)
      : 0

    /**
     * ExponentialHistogramDataPoint positive.
     * @member {otlp.ExponentialHistogramDataPoint.Buckets.$Properties|null|undefined} positive
     * @memberof otlp.ExponentialHistogramDataPoint
     * @instance
     */
    ExponentialHistogramDataPoint.prototype.positive = null

    /**
     * ExponentialHistogramDataPoint negative.
     * @member {otlp.ExponentialHistogramDataPoint.Buckets.$Properties|null|undefined} negative
     * @memberof otlp.ExponentialHistogramDataPoint
     * @instance
     */
    ExponentialHistogramDataPoint.prototype.negative = null

    /**
     * ExponentialHistogramDataPoint flags.
     * @member {number} flags
     * @memberof otlp.ExponentialHistogramDataPoint
     * @instance
     */
    ExponentialHistogramDataPoint.prototype.flags = 0

    /**
     * ExponentialHistogramDataPoint min.
     * @member {number|null|undefined} min
     * @memberof otlp.ExponentialHistogramDataPoint
     * @instance
     */
    ExponentialHistogramDataPoint.prototype.min = null

    /**
     * ExponentialHistogramDataPoint max.
     * @member {number|null|undefined} max
     * @memberof otlp.ExponentialHistogramDataPoint
     * @instance
     */
    ExponentialHistogramDataPoint.prototype.max = null

    /**
     * ExponentialHistogramDataPoint zeroThreshold.
     * @member {number} zeroThreshold
     * @memberof otlp.ExponentialHistogramDataPoint
     * @instance
     */
    ExponentialHistogramDataPoint.prototype.zeroThreshold = 0

    // OneOf field names bound to virtual getters and setters
    let $oneOfFields

    // Virtual OneOf for proto3 optional field
    $Object.defineProperty(ExponentialHistogramDataPoint.prototype, '_sum', {
      get: $util.oneOfGetter(($oneOfFields = ['sum'])),
      set: $util.oneOfSetter($oneOfFields),
    })

    // Virtual OneOf for proto3 optional field
    $Object.defineProperty(ExponentialHistogramDataPoint.prototype, '_min', {
      get: $util.oneOfGetter(($oneOfFields = ['min'])),
      set: $util.oneOfSetter($oneOfFields),
    })

    // Virtual OneOf for proto3 optional field
    $Object.defineProperty(ExponentialHistogramDataPoint.prototype, '_max', {
      get: $util.oneOfGetter(($oneOfFields = ['max'])),
      set: $util.oneOfSetter($oneOfFields),
    })

    /**
     * Encodes the specified ExponentialHistogramDataPoint message. Does not implicitly {@link otlp.ExponentialHistogramDataPoint.verify|verify} messages.
     * @function encode
     * @memberof otlp.ExponentialHistogramDataPoint
     * @static
     * @param {otlp.ExponentialHistogramDataPoint.$Properties} message ExponentialHistogramDataPoint message or plain object to encode
     * @param {$protobuf.Writer} [writer] Writer to encode to
     * @returns {$protobuf.Writer} Writer
     */
    ExponentialHistogramDataPoint.encode = function (message, writer, _depth) {
      if (!writer) writer = $Writer.create()
      if (_depth === $undefined) _depth = 0
      if (_depth > $util.recursionLimit) throw $Error('max depth exceeded')
      if (message.attributes != null && message.attributes.length)
        for (let i = 0; i < message.attributes.length; ++i)
          $root.otlp.KeyValue.encode(
            message.attributes[i],
            writer.uint32(/* id 1, wireType 2 =*/ 10).fork(),
            _depth + 1
          ).ldelim()
      if (
        message.startTimeUnixNano != null &&
        $Object.hasOwnProperty.call(message, 'startTimeUnixNano') &&
        (typeof message.startTimeUnixNano === 'object'
          ? message.startTimeUnixNano.low || message.startTimeUnixNano.high
          : message.startTimeUnixNano !== 0)
      )
        writer.uint32(/* id 2, wireType 1 =*/ 17).fixed64(message.startTimeUnixNano)
      if (
        message.timeUnixNano != null &&
        $Object.hasOwnProperty.call(message, 'timeUnixNano') &&
        (typeof message.timeUnixNano === 'object'
          ? message.timeUnixNano.low || message.timeUnixNano.high
          : message.timeUnixNano !== 0)
      )
        writer.uint32(/* id 3, wireType 1 =*/ 25).fixed64(message.timeUnixNano)
      if (
        message.count != null &&
        $Object.hasOwnProperty.call(message, 'count') &&
        (typeof message.count === 'object'
          ? message.count.low || message.count.high
          : message.count !== 0)
      )
        writer.uint32(/* id 4, wireType 1 =*/ 33).fixed64(message.count)
      if (message.sum != null && $Object.hasOwnProperty.call(message, 'sum'))
        writer.uint32(/* id 5, wireType 1 =*/ 41).double(message.sum)
      if (
        message.scale != null &&
        $Object.hasOwnProperty.call(message, 'scale') &&
        message.scale !== 0
      )
        writer.uint32(/* id 6, wireType 0 =*/ 48).sint32(message.scale)
      if (
        message.zeroCount != null &&
        $Object.hasOwnProperty.call(message, 'zeroCount') &&
        (typeof message.zeroCount === 'object'
          ? message.zeroCount.low || message.zeroCount.high
          : message.zeroCount !== 0)
      )
        writer.uint32(/* id 7, wireType 1 =*/ 57).fixed64(message.zeroCount)
      if (message.positive != null && $Object.hasOwnProperty.call(message, 'positive'))
        $root.otlp.ExponentialHistogramDataPoint.Buckets.encode(
          message.positive,
          writer.uint32(/* id 8, wireType 2 =*/ 66).fork(),
          _depth + 1
        ).ldelim()
      if (message.negative != null && $Object.hasOwnProperty.call(message, 'negative'))
        $root.otlp.ExponentialHistogramDataPoint.Buckets.encode(
          message.negative,
          writer.uint32(/* id 9, wireType 2 =*/ 74).fork(),
          _depth + 1
        ).ldelim()
      if (
        message.flags != null &&
        $Object.hasOwnProperty.call(message, 'flags') &&
        message.flags !== 0
      )
        writer.uint32(/* id 10, wireType 0 =*/ 80).uint32(message.flags)
      if (message.min != null && $Object.hasOwnProperty.call(message, 'min'))
        writer.uint32(/* id 12, wireType 1 =*/ 97).double(message.min)
      if (message.max != null && $Object.hasOwnProperty.call(message, 'max'))
        writer.uint32(/* id 13, wireType 1 =*/ 105).double(message.max)
      if (
        message.zeroThreshold != null &&
        $Object.hasOwnProperty.call(message, 'zeroThreshold') &&
        !$Object.is(message.zeroThreshold, 0)
      )
        writer.uint32(/* id 14, wireType 1 =*/ 113).double(message.zeroThreshold)
      if (message.$unknowns != null && $Object.hasOwnProperty.call(message, '$unknowns'))
        for (let i = 0; i < message.$unknowns.length; ++i) writer.raw(message.$unknowns[i])
      return writer
    }

    /**
     * Decodes an ExponentialHistogramDataPoint message from the specified reader or buffer.
     * @function decode
     * @memberof otlp.ExponentialHistogramDataPoint
     * @static
     * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
     * @param {number} [length] Message length if known beforehand
     * @returns {otlp.ExponentialHistogramDataPoint & otlp.ExponentialHistogramDataPoint.$Shape} ExponentialHistogramDataPoint
     * @throws {Error} If the payload is not a reader or valid buffer
     * @throws {$protobuf.util.ProtocolError} If required fields are missing
     */
    ExponentialHistogramDataPoint.decode = function (reader, length, _end, _depth, _target) {
      if (!(reader instanceof $Reader)) reader = $Reader.create(reader)
      if (_depth === $undefined) _depth = 0
      if (_depth > $Reader.recursionLimit) throw $Error('max depth exceeded')
      let end, message, value
      if (length === $undefined) end = reader.len
      else {
        end = reader.pos + length
        if (end > reader.len) throw $RangeError('index out of range')
        length = reader.len
        reader.len = end
      }
      message = _target || new $root.otlp.ExponentialHistogramDataPoint()
      while (reader.pos < end) {
        let start = reader.pos
        let tag = reader.tag()
        if (tag === _end) {
          _end = $undefined
          break
        }
        let wireType = tag & 7
        switch ((tag >>>= 3)) {
          case 1: {
            if (wireType !== 2) break
            if (!(message.attributes && message.attributes.length)) message.attributes = []
            message.attributes.push(
              $root.otlp.KeyValue.decode(reader, reader.size(), $undefined, _depth + 1)
            )
            continue
          }
          case 2: {
            if (wireType !== 1) break
            if (
              typeof (value = reader.fixed64()) === 'object' ? value.low || value.high : value !== 0
            )
              message.startTimeUnixNano = value
            else delete message.startTimeUnixNano
            continue
          }
          case 3: {
            if (wireType !== 1) break
            if (
              typeof (value = reader.fixed64()) === 'object' ? value.low || value.high : value !== 0
            )
              message.timeUnixNano = value
            else delete message.timeUnixNano
            continue
          }
          case 4: {
            if (wireType !== 1) break
            if (
              typeof (value = reader.fixed64()) === 'object' ? value.low || value.high : value !== 0
            )
              message.count = value
            else delete message.count
            continue
          }
          case 5: {
            if (wireType !== 1) break
            message.sum = reader.double()
            message._sum = 'sum'
            continue
          }
          case 6: {
            if (wireType !== 0) break
            if ((value = reader.sint32())) message.scale = value
            else delete message.scale
            continue
          }
          case 7: {
            if (wireType !== 1) break
            if (
              typeof (value = reader.fixed64()) === 'object' ? value.low || value.high : value !== 0
            )
              message.zeroCount = value
            else delete message.zeroCount
            continue
          }
          case 8: {
            if (wireType !== 2) break
            message.positive = $root.otlp.ExponentialHistogramDataPoint.Buckets.decode(
              reader,
              reader.size(),
              $undefined,
              _depth + 1,
              message.positive
            )
            continue
          }
          case 9: {
            if (wireType !== 2) break
            message.negative = $root.otlp.ExponentialHistogramDataPoint.Buckets.decode(
              reader,
              reader.size(),
              $undefined,
              _depth + 1,
              message.negative
            )
            continue
          }
          case 10: {
            if (wireType !== 0) break
            if ((value = reader.uint32())) message.flags = value
            else delete message.flags
            continue
          }
          case 12: {
            if (wireType !== 1) break
            message.min = reader.double()
            message._min = 'min'
            continue
          }
          case 13: {
            if (wireType !== 1) break
            message.max = reader.double()
            message._max = 'max'
            continue
          }
          case 14: {
            if (wireType !== 1) break
            if (!$Object.is((value = reader.double()), 0)) message.zeroThreshold = value
            else delete message.zeroThreshold
            continue
          }
        }
        reader.skipType(wireType, _depth, tag)
        if (!reader.discardUnknown) {
          $util.makeProp(message, '$unknowns', false)
          ;(message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos))
        }
      }
      if (length !== $undefined) {
        if (reader.pos !== end) throw $RangeError('index out of range')
        reader.len = length
      }
      if (_end !== $undefined) throw $Error('missing end group')
      return message
    }

    ExponentialHistogramDataPoint.Buckets = (function () {
      /**
       * Properties of a Buckets.
       * @typedef {Object} otlp.ExponentialHistogramDataPoint.Buckets.$Properties
       * @property {number|null} [offset] Buckets offset
       * @property {Array.<number|Long>|null} [bucketCounts] Buckets bucketCounts
       * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
       */

      /**
       * Properties of a Buckets.
       * @memberof otlp.ExponentialHistogramDataPoint
       * @interface IBuckets
       * @augments otlp.ExponentialHistogramDataPoint.Buckets.$Properties
       * @deprecated Use otlp.ExponentialHistogramDataPoint.Buckets.$Properties instead.
       */

      /**
       * Shape of a Buckets.
       * @typedef {otlp.ExponentialHistogramDataPoint.Buckets.$Properties} otlp.ExponentialHistogramDataPoint.Buckets.$Shape
       */

      /**
       * Constructs a new Buckets.
       * @memberof otlp.ExponentialHistogramDataPoint
       * @classdesc Represents a Buckets.
       * @constructor
       * @param {otlp.ExponentialHistogramDataPoint.Buckets.$Properties=} [properties] Properties to set
       * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
       */
      const Buckets = function (properties) {
        this.bucketCounts = []
        if (properties)
          for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
            if (properties[keys[i]] != null && keys[i] !== '__proto__')
              this[keys[i]] = properties[keys[i]]
      }

      /**
       * Buckets offset.
       * @member {number} offset
       * @memberof otlp.ExponentialHistogramDataPoint.Buckets
       * @instance
       */
      Buckets.prototype.offset = 0

      /**
       * Buckets bucketCounts.
       * @member {Array.<number|Long>} bucketCounts
       * @memberof otlp.ExponentialHistogramDataPoint.Buckets
       * @instance
       */
      Buckets.prototype.bucketCounts = $util.emptyArray

      /**
       * Encodes the specified Buckets message. Does not implicitly {@link otlp.ExponentialHistogramDataPoint.Buckets.verify|verify} messages.
       * @function encode
       * @memberof otlp.ExponentialHistogramDataPoint.Buckets
       * @static
       * @param {otlp.ExponentialHistogramDataPoint.Buckets.$Properties} message Buckets message or plain object to encode
       * @param {$protobuf.Writer} [writer] Writer to encode to
       * @returns {$protobuf.Writer} Writer
       */
      Buckets.encode = function (message, writer, _depth) {
        if (!writer) writer = $Writer.create()
        if (_depth === $undefined) _depth = 0
        if (_depth > $util.recursionLimit) throw $Error('max depth exceeded')
        if (
          message.offset != null &&
          $Object.hasOwnProperty.call(message, 'offset') &&
          message.offset !== 0
        )
          writer.uint32(/* id 1, wireType 0 =*/ 8).sint32(message.offset)
        if (message.bucketCounts != null && message.bucketCounts.length)
          writer.uint32(/* id 2, wireType 2 =*/ 18).uint64s(message.bucketCounts)
        if (message.$unknowns != null && $Object.hasOwnProperty.call(message, '$unknowns'))
          for (let i = 0; i < message.$unknowns.length; ++i) writer.raw(message.$unknowns[i])
        return writer
      }

      /**
       * Decodes a Buckets message from the specified reader or buffer.
       * @function decode
       * @memberof otlp.ExponentialHistogramDataPoint.Buckets
       * @static
       * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
       * @param {number} [length] Message length if known beforehand
       * @returns {otlp.ExponentialHistogramDataPoint.Buckets & otlp.ExponentialHistogramDataPoint.Buckets.$Shape} Buckets
       * @throws {Error} If the payload is not a reader or valid buffer
       * @throws {$protobuf.util.ProtocolError} If required fields are missing
       */
      Buckets.decode = function (reader, length, _end, _depth, _target) {
        if (!(reader instanceof $Reader)) reader = $Reader.create(reader)
        if (_depth === $undefined) _depth = 0
        if (_depth > $Reader.recursionLimit) throw $Error('max depth exceeded')
        let end, message, value
        if (length === $undefined) end = reader.len
        else {
          end = reader.pos + length
          if (end > reader.len) throw $RangeError('index out of range')
          length = reader.len
          reader.len = end
        }
        message = _target || new $root.otlp.ExponentialHistogramDataPoint.Buckets()
        while (reader.pos < end) {
          let start = reader.pos
          let tag = reader.tag()
          if (tag === _end) {
            _end = $undefined
            break
          }
          let wireType = tag & 7
          switch ((tag >>>= 3)) {
            case 1: {
              if (wireType !== 0) break
              if ((value = reader.sint32())) message.offset = value
              else delete message.offset
              continue
            }
            case 2: {
              if (wireType === 2) {
                if (!(message.bucketCounts && message.bucketCounts.length))
                  message.bucketCounts = []
                reader.uint64s(message.bucketCounts)
                continue
              }
              if (wireType !== 0) break
              if (!(message.bucketCounts && message.bucketCounts.length)) message.bucketCounts = []
              message.bucketCounts.push(reader.uint64())
              continue
            }
          }
          reader.skipType(wireType, _depth, tag)
          if (!reader.discardUnknown) {
            $util.makeProp(message, '$unknowns', false)
            ;(message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos))
          }
        }
        if (length !== $undefined) {
          if (reader.pos !== end) throw $RangeError('index out of range')
          reader.len = length
        }
        if (_end !== $undefined) throw $Error('missing end group')
        return message
      }

      return Buckets
    })()

    return ExponentialHistogramDataPoint
  })()

  otlp.SummaryDataPoint = (function () {
    /**
     * Properties of a SummaryDataPoint.
     * @typedef {Object} otlp.SummaryDataPoint.$Properties
     * @property {Array.<otlp.KeyValue.$Properties>|null} [attributes] SummaryDataPoint attributes
     * @property {number|Long|null} [startTimeUnixNano] SummaryDataPoint startTimeUnixNano
     * @property {number|Long|null} [timeUnixNano] SummaryDataPoint timeUnixNano
     * @property {number|Long|null} [count] SummaryDataPoint count
     * @property {number|null} [sum] SummaryDataPoint sum
     * @property {Array.<otlp.SummaryDataPoint.ValueAtQuantile.$Properties>|null} [quantileValues] SummaryDataPoint quantileValues
     * @property {number|null} [flags] SummaryDataPoint flags
     * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
     */

    /**
     * Properties of a SummaryDataPoint.
     * @memberof otlp
     * @interface ISummaryDataPoint
     * @augments otlp.SummaryDataPoint.$Properties
     * @deprecated Use otlp.SummaryDataPoint.$Properties instead.
     */

    /**
     * Shape of a SummaryDataPoint.
     * @typedef {{
     *   attributes?: Array.<otlp.KeyValue.$Shape>|null;
     *   startTimeUnixNano?: number|Long|null;
     *   timeUnixNano?: number|Long|null;
     *   count?: number|Long|null;
     *   sum?: number|null;
     *   quantileValues?: Array.<otlp.SummaryDataPoint.ValueAtQuantile.$Shape>|null;
     *   flags?: number|null;
     *   $unknowns?: Array.<Uint8Array>;
     * }} otlp.SummaryDataPoint.$Shape
     */

    /**
     * Constructs a new SummaryDataPoint.
     * @memberof otlp
     * @classdesc Represents a SummaryDataPoint.
     * @constructor
     * @param {otlp.SummaryDataPoint.$Properties=} [properties] Properties to set
     * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
     */
    const SummaryDataPoint = function (properties) {
      this.attributes = []
      this.quantileValues = []
      if (properties)
        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
          if (properties[keys[i]] != null && keys[i] !== '__proto__')
            this[keys[i]] = properties[keys[i]]
    }

    /**
     * SummaryDataPoint attributes.
     * @member {Array.<otlp.KeyValue.$Properties>} attributes
     * @memberof otlp.SummaryDataPoint
     * @instance
     */
    SummaryDataPoint.prototype.attributes = $util.emptyArray

    /**
     * SummaryDataPoint startTimeUnixNano.
     * @member {number|Long} startTimeUnixNano
     * @memberof otlp.SummaryDataPoint
     * @instance
     */
    SummaryDataPoint.prototype.startTimeUnixNano = $util.Long ? $util.Long.fromBits(0, 0, true) : 0

    /**
     * SummaryDataPoint timeUnixNano.
     * @member {number|Long} timeUnixNano
     * @memberof otlp.SummaryDataPoint
     * @instance
     */
    SummaryDataPoint.prototype.timeUnixNano = $util.Long ? $util.Long.fromBits(0, 0, true) : 0

    /**
     * SummaryDataPoint count.
     * @member {number|Long} count
     * @memberof otlp.SummaryDataPoint
     * @instance
     */
    SummaryDataPoint.prototype.count = $util.Long ? $util.Long.fromBits(0, 0, true) : 0

    /**
     * SummaryDataPoint sum.
     * @member {number} sum
     * @memberof otlp.SummaryDataPoint
     * @instance
     */
    SummaryDataPoint.prototype.sum = 0

    /**
     * SummaryDataPoint quantileValues.
     * @member {Array.<otlp.SummaryDataPoint.ValueAtQuantile.$Properties>} quantileValues
     * @memberof otlp.SummaryDataPoint
     * @instance
     */
    SummaryDataPoint.prototype.quantileValues = $util.emptyArray

    /**
     * SummaryDataPoint flags.
     * @member {number} flags
     * @memberof otlp.SummaryDataPoint
     * @instance
     */
    SummaryDataPoint.prototype.flags = 0

    /**
     * Encodes the specified SummaryDataPoint message. Does not implicitly {@link otlp.SummaryDataPoint.verify|verify} messages.
     * @function encode
     * @memberof otlp.SummaryDataPoint
     * @static
     * @param {otlp.SummaryDataPoint.$Properties} message SummaryDataPoint message or plain object to encode
     * @param {$protobuf.Writer} [writer] Writer to encode to
     * @returns {$protobuf.Writer} Writer
     */
    SummaryDataPoint.encode = function (message, writer, _depth) {
      if (!writer) writer = $Writer.create()
      if (_depth === $undefined) _depth = 0
      if (_depth > $util.recursionLimit) throw $Error('max depth exceeded')
      if (
        message.startTimeUnixNano != null &&
        $Object.hasOwnProperty.call(message, 'startTimeUnixNano') &&
        (typeof message.startTimeUnixNano === 'object'
          ? message.startTimeUnixNano.low || message.startTimeUnixNano.high
          : message.startTimeUnixNano !== 0)
      )
        writer.uint32(/* id 2, wireType 1 =*/ 17).fixed64(message.startTimeUnixNano)
      if (
        message.timeUnixNano != null &&
        $Object.hasOwnProperty.call(message, 'timeUnixNano') &&
        (typeof message.timeUnixNano === 'object'
          ? message.timeUnixNano.low || message.timeUnixNano.high
          : message.timeUnixNano !== 0)
      )
        writer.uint32(/* id 3, wireType 1 =*/ 25).fixed64(message.timeUnixNano)
      if (
        message.count != null &&
        $Object.hasOwnProperty.call(message, 'count') &&
        (typeof message.count === 'object'
          ? message.count.low || message.count.high
          : message.count !== 0)
      )
        writer.uint32(/* id 4, wireType 1 =*/ 33).fixed64(message.count)
      if (
        message.sum != null &&
        $Object.hasOwnProperty.call(message, 'sum') &&
        !$Object.is(message.sum, 0)
      )
        writer.uint32(/* id 5, wireType 1 =*/ 41).double(message.sum)
      if (message.quantileValues != null && message.quantileValues.length)
        for (let i = 0; i < message.quantileValues.length; ++i)
          $root.otlp.SummaryDataPoint.ValueAtQuantile.encode(
            message.quantileValues[i],
            writer.uint32(/* id 6, wireType 2 =*/ 50).fork(),
            _depth + 1
          ).ldelim()
      if (message.attributes != null && message.attributes.length)
        for (let i = 0; i < message.attributes.length; ++i)
          $root.otlp.KeyValue.encode(
            message.attributes[i],
            writer.uint32(/* id 7, wireType 2 =*/ 58).fork(),
            _depth + 1
          ).ldelim()
      if (
        message.flags != null &&
        $Object.hasOwnProperty.call(message, 'flags') &&
        message.flags !== 0
      )
        writer.uint32(/* id 8, wireType 0 =*/ 64).uint32(message.flags)
      if (message.$unknowns != null && $Object.hasOwnProperty.call(message, '$unknowns'))
        for (let i = 0; i < message.$unknowns.length; ++i) writer.raw(message.$unknowns[i])
      return writer
    }

    /**
     * Decodes a SummaryDataPoint message from the specified reader or buffer.
     * @function decode
     * @memberof otlp.SummaryDataPoint
     * @static
     * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
     * @param {number} [length] Message length if known beforehand
     * @returns {otlp.SummaryDataPoint & otlp.SummaryDataPoint.$Shape} SummaryDataPoint
     * @throws {Error} If the payload is not a reader or valid buffer
     * @throws {$protobuf.util.ProtocolError} If required fields are missing
     */
    SummaryDataPoint.decode = function (reader, length, _end, _depth, _target) {
      if (!(reader instanceof $Reader)) reader = $Reader.create(reader)
      if (_depth === $undefined) _depth = 0
      if (_depth > $Reader.recursionLimit) throw $Error('max depth exceeded')
      let end, message, value
      if (length === $undefined) end = reader.len
      else {
        end = reader.pos + length
        if (end > reader.len) throw $RangeError('index out of range')
        length = reader.len
        reader.len = end
      }
      message = _target || new $root.otlp.SummaryDataPoint()
      while (reader.pos < end) {
        let start = reader.pos
        let tag = reader.tag()
        if (tag === _end) {
          _end = $undefined
          break
        }
        let wireType = tag & 7
        switch ((tag >>>= 3)) {
          case 7: {
            if (wireType !== 2) break
            if (!(message.attributes && message.attributes.length)) message.attributes = []
            message.attributes.push(
              $root.otlp.KeyValue.decode(reader, reader.size(), $undefined, _depth + 1)
            )
            continue
          }
          case 2: {
            if (wireType !== 1) break
            if (
              typeof (value = reader.fixed64()) === 'object' ? value.low || value.high : value !== 0
            )
              message.startTimeUnixNano = value
            else delete message.startTimeUnixNano
            continue
          }
          case 3: {
            if (wireType !== 1) break
            if (
              typeof (value = reader.fixed64()) === 'object' ? value.low || value.high : value !== 0
            )
              message.timeUnixNano = value
            else delete message.timeUnixNano
            continue
          }
          case 4: {
            if (wireType !== 1) break
            if (
              typeof (value = reader.fixed64()) === 'object' ? value.low || value.high : value !== 0
            )
              message.count = value
            else delete message.count
            continue
          }
          case 5: {
            if (wireType !== 1) break
            if (!$Object.is((value = reader.double()), 0)) message.sum = value
            else delete message.sum
            continue
          }
          case 6: {
            if (wireType !== 2) break
            if (!(message.quantileValues && message.quantileValues.length))
              message.quantileValues = []
            message.quantileValues.push(
              $root.otlp.SummaryDataPoint.ValueAtQuantile.decode(
                reader,
                reader.size(),
                $undefined,
                _depth + 1
              )
            )
            continue
          }
          case 8: {
            if (wireType !== 0) break
            if ((value = reader.uint32())) message.flags = value
            else delete message.flags
            continue
          }
        }
        reader.skipType(wireType, _depth, tag)
        if (!reader.discardUnknown) {
          $util.makeProp(message, '$unknowns', false)
          ;(message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos))
        }
      }
      if (length !== $undefined) {
        if (reader.pos !== end) throw $RangeError('index out of range')
        reader.len = length
      }
      if (_end !== $undefined) throw $Error('missing end group')
      return message
    }

    SummaryDataPoint.ValueAtQuantile = (function () {
      /**
       * Properties of a ValueAtQuantile.
       * @typedef {Object} otlp.SummaryDataPoint.ValueAtQuantile.$Properties
       * @property {number|null} [quantile] ValueAtQuantile quantile
       * @property {number|null} [value] ValueAtQuantile value
       * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
       */

      /**
       * Properties of a ValueAtQuantile.
       * @memberof otlp.SummaryDataPoint
       * @interface IValueAtQuantile
       * @augments otlp.SummaryDataPoint.ValueAtQuantile.$Properties
       * @deprecated Use otlp.SummaryDataPoint.ValueAtQuantile.$Properties instead.
       */

      /**
       * Shape of a ValueAtQuantile.
       * @typedef {otlp.SummaryDataPoint.ValueAtQuantile.$Properties} otlp.SummaryDataPoint.ValueAtQuantile.$Shape
       */

      /**
       * Constructs a new ValueAtQuantile.
       * @memberof otlp.SummaryDataPoint
       * @classdesc Represents a ValueAtQuantile.
       * @constructor
       * @param {otlp.SummaryDataPoint.ValueAtQuantile.$Properties=} [properties] Properties to set
       * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
       */
      const ValueAtQuantile = function (properties) {
        if (properties)
          for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
            if (properties[keys[i]] != null && keys[i] !== '__proto__')
              this[keys[i]] = properties[keys[i]]
      }

      /**
       * ValueAtQuantile quantile.
       * @member {number} quantile
       * @memberof otlp.SummaryDataPoint.ValueAtQuantile
       * @instance
       */
      ValueAtQuantile.prototype.quantile = 0

      /**
       * ValueAtQuantile value.
       * @member {number} value
       * @memberof otlp.SummaryDataPoint.ValueAtQuantile
       * @instance
       */
      ValueAtQuantile.prototype.value = 0

      /**
       * Encodes the specified ValueAtQuantile message. Does not implicitly {@link otlp.SummaryDataPoint.ValueAtQuantile.verify|verify} messages.
       * @function encode
       * @memberof otlp.SummaryDataPoint.ValueAtQuantile
       * @static
       * @param {otlp.SummaryDataPoint.ValueAtQuantile.$Properties} message ValueAtQuantile message or plain object to encode
       * @param {$protobuf.Writer} [writer] Writer to encode to
       * @returns {$protobuf.Writer} Writer
       */
      ValueAtQuantile.encode = function (message, writer, _depth) {
        if (!writer) writer = $Writer.create()
        if (_depth === $undefined) _depth = 0
        if (_depth > $util.recursionLimit) throw $Error('max depth exceeded')
        if (
          message.quantile != null &&
          $Object.hasOwnProperty.call(message, 'quantile') &&
          !$Object.is(message.quantile, 0)
        )
          writer.uint32(/* id 1, wireType 1 =*/ 9).double(message.quantile)
        if (
          message.value != null &&
          $Object.hasOwnProperty.call(message, 'value') &&
          !$Object.is(message.value, 0)
        )
          writer.uint32(/* id 2, wireType 1 =*/ 17).double(message.value)
        if (message.$unknowns != null && $Object.hasOwnProperty.call(message, '$unknowns'))
          for (let i = 0; i < message.$unknowns.length; ++i) writer.raw(message.$unknowns[i])
        return writer
      }

      /**
       * Decodes a ValueAtQuantile message from the specified reader or buffer.
       * @function decode
       * @memberof otlp.SummaryDataPoint.ValueAtQuantile
       * @static
       * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
       * @param {number} [length] Message length if known beforehand
       * @returns {otlp.SummaryDataPoint.ValueAtQuantile & otlp.SummaryDataPoint.ValueAtQuantile.$Shape} ValueAtQuantile
       * @throws {Error} If the payload is not a reader or valid buffer
       * @throws {$protobuf.util.ProtocolError} If required fields are missing
       */
      ValueAtQuantile.decode = function (reader, length, _end, _depth, _target) {
        if (!(reader instanceof $Reader)) reader = $Reader.create(reader)
        if (_depth === $undefined) _depth = 0
        if (_depth > $Reader.recursionLimit) throw $Error('max depth exceeded')
        let end, message, value
        if (length === $undefined) end = reader.len
        else {
          end = reader.pos + length
          if (end > reader.len) throw $RangeError('index out of range')
          length = reader.len
          reader.len = end
        }
        message = _target || new $root.otlp.SummaryDataPoint.ValueAtQuantile()
        while (reader.pos < end) {
          let start = reader.pos
          let tag = reader.tag()
          if (tag === _end) {
            _end = $undefined
            break
          }
          let wireType = tag & 7
          switch ((tag >>>= 3)) {
            case 1: {
              if (wireType !== 1) break
              if (!$Object.is((value = reader.double()), 0)) message.quantile = value
              else delete message.quantile
              continue
            }
            case 2: {
              if (wireType !== 1) break
              if (!$Object.is((value = reader.double()), 0)) message.value = value
              else delete message.value
              continue
            }
          }
          reader.skipType(wireType, _depth, tag)
          if (!reader.discardUnknown) {
            $util.makeProp(message, '$unknowns', false)
            ;(message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos))
          }
        }
        if (length !== $undefined) {
          if (reader.pos !== end) throw $RangeError('index out of range')
          reader.len = length
        }
        if (_end !== $undefined) throw $Error('missing end group')
        return message
      }

      return ValueAtQuantile
    })()

    return SummaryDataPoint
  })()

  otlp.ExportTraceServiceRequest = (function () {
    /**
     * Properties of an ExportTraceServiceRequest.
     * @typedef {Object} otlp.ExportTraceServiceRequest.$Properties
     * @property {Array.<otlp.ResourceSpans.$Properties>|null} [resourceSpans] ExportTraceServiceRequest resourceSpans
     * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
     */

    /**
     * Properties of an ExportTraceServiceRequest.
     * @memberof otlp
     * @interface IExportTraceServiceRequest
     * @augments otlp.ExportTraceServiceRequest.$Properties
     * @deprecated Use otlp.ExportTraceServiceRequest.$Properties instead.
     */

    /**
     * Shape of an ExportTraceServiceRequest.
     * @typedef {{
     *   resourceSpans?: Array.<otlp.ResourceSpans.$Shape>|null;
     *   $unknowns?: Array.<Uint8Array>;
     * }} otlp.ExportTraceServiceRequest.$Shape
     */

    /**
     * Constructs a new ExportTraceServiceRequest.
     * @memberof otlp
     * @classdesc Represents an ExportTraceServiceRequest.
     * @constructor
     * @param {otlp.ExportTraceServiceRequest.$Properties=} [properties] Properties to set
     * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
     */
    const ExportTraceServiceRequest = function (properties) {
      this.resourceSpans = []
      if (properties)
        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
          if (properties[keys[i]] != null && keys[i] !== '__proto__')
            this[keys[i]] = properties[keys[i]]
    }

    /**
     * ExportTraceServiceRequest resourceSpans.
     * @member {Array.<otlp.ResourceSpans.$Properties>} resourceSpans
     * @memberof otlp.ExportTraceServiceRequest
     * @instance
     */
    ExportTraceServiceRequest.prototype.resourceSpans = $util.emptyArray

    /**
     * Encodes the specified ExportTraceServiceRequest message. Does not implicitly {@link otlp.ExportTraceServiceRequest.verify|verify} messages.
     * @function encode
     * @memberof otlp.ExportTraceServiceRequest
     * @static
     * @param {otlp.ExportTraceServiceRequest.$Properties} message ExportTraceServiceRequest message or plain object to encode
     * @param {$protobuf.Writer} [writer] Writer to encode to
     * @returns {$protobuf.Writer} Writer
     */
    ExportTraceServiceRequest.encode = function (message, writer, _depth) {
      if (!writer) writer = $Writer.create()
      if (_depth === $undefined) _depth = 0
      if (_depth > $util.recursionLimit) throw $Error('max depth exceeded')
      if (message.resourceSpans != null && message.resourceSpans.length)
        for (let i = 0; i < message.resourceSpans.length; ++i)
          $root.otlp.ResourceSpans.encode(
            message.resourceSpans[i],
            writer.uint32(/* id 1, wireType 2 =*/ 10).fork(),
            _depth + 1
          ).ldelim()
      if (message.$unknowns != null && $Object.hasOwnProperty.call(message, '$unknowns'))
        for (let i = 0; i < message.$unknowns.length; ++i) writer.raw(message.$unknowns[i])
      return writer
    }

    /**
     * Decodes an ExportTraceServiceRequest message from the specified reader or buffer.
     * @function decode
     * @memberof otlp.ExportTraceServiceRequest
     * @static
     * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
     * @param {number} [length] Message length if known beforehand
     * @returns {otlp.ExportTraceServiceRequest & otlp.ExportTraceServiceRequest.$Shape} ExportTraceServiceRequest
     * @throws {Error} If the payload is not a reader or valid buffer
     * @throws {$protobuf.util.ProtocolError} If required fields are missing
     */
    ExportTraceServiceRequest.decode = function (reader, length, _end, _depth, _target) {
      if (!(reader instanceof $Reader)) reader = $Reader.create(reader)
      if (_depth === $undefined) _depth = 0
      if (_depth > $Reader.recursionLimit) throw $Error('max depth exceeded')
      let end, message
      if (length === $undefined) end = reader.len
      else {
        end = reader.pos + length
        if (end > reader.len) throw $RangeError('index out of range')
        length = reader.len
        reader.len = end
      }
      message = _target || new $root.otlp.ExportTraceServiceRequest()
      while (reader.pos < end) {
        let start = reader.pos
        let tag = reader.tag()
        if (tag === _end) {
          _end = $undefined
          break
        }
        let wireType = tag & 7
        switch ((tag >>>= 3)) {
          case 1: {
            if (wireType !== 2) break
            if (!(message.resourceSpans && message.resourceSpans.length)) message.resourceSpans = []
            message.resourceSpans.push(
              $root.otlp.ResourceSpans.decode(reader, reader.size(), $undefined, _depth + 1)
            )
            continue
          }
        }
        reader.skipType(wireType, _depth, tag)
        if (!reader.discardUnknown) {
          $util.makeProp(message, '$unknowns', false)
          ;(message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos))
        }
      }
      if (length !== $undefined) {
        if (reader.pos !== end) throw $RangeError('index out of range')
        reader.len = length
      }
      if (_end !== $undefined) throw $Error('missing end group')
      return message
    }

    return ExportTraceServiceRequest
  })()

  otlp.ExportTraceServiceResponse = (function () {
    /**
     * Properties of an ExportTraceServiceResponse.
     * @typedef {Object} otlp.ExportTraceServiceResponse.$Properties
     * @property {otlp.ExportTracePartialSuccess.$Properties|null} [partialSuccess] ExportTraceServiceResponse partialSuccess
     * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
     */

    /**
     * Properties of an ExportTraceServiceResponse.
     * @memberof otlp
     * @interface IExportTraceServiceResponse
     * @augments otlp.ExportTraceServiceResponse.$Properties
     * @deprecated Use otlp.ExportTraceServiceResponse.$Properties instead.
     */

    /**
     * Shape of an ExportTraceServiceResponse.
     * @typedef {otlp.ExportTraceServiceResponse.$Properties} otlp.ExportTraceServiceResponse.$Shape
     */

    /**
     * Constructs a new ExportTraceServiceResponse.
     * @memberof otlp
     * @classdesc Represents an ExportTraceServiceResponse.
     * @constructor
     * @param {otlp.ExportTraceServiceResponse.$Properties=} [properties] Properties to set
     * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
     */
    const ExportTraceServiceResponse = function (properties) {
      if (properties)
        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
          if (properties[keys[i]] != null && keys[i] !== '__proto__')
            this[keys[i]] = properties[keys[i]]
    }

    /**
     * ExportTraceServiceResponse partialSuccess.
     * @member {otlp.ExportTracePartialSuccess.$Properties|null|undefined} partialSuccess
     * @memberof otlp.ExportTraceServiceResponse
     * @instance
     */
    ExportTraceServiceResponse.prototype.partialSuccess = null

    /**
     * Encodes the specified ExportTraceServiceResponse message. Does not implicitly {@link otlp.ExportTraceServiceResponse.verify|verify} messages.
     * @function encode
     * @memberof otlp.ExportTraceServiceResponse
     * @static
     * @param {otlp.ExportTraceServiceResponse.$Properties} message ExportTraceServiceResponse message or plain object to encode
     * @param {$protobuf.Writer} [writer] Writer to encode to
     * @returns {$protobuf.Writer} Writer
     */
    ExportTraceServiceResponse.encode = function (message, writer, _depth) {
      if (!writer) writer = $Writer.create()
      if (_depth === $undefined) _depth = 0
      if (_depth > $util.recursionLimit) throw $Error('max depth exceeded')
      if (message.partialSuccess != null && $Object.hasOwnProperty.call(message, 'partialSuccess'))
        $root.otlp.ExportTracePartialSuccess.encode(
          message.partialSuccess,
          writer.uint32(/* id 1, wireType 2 =*/ 10).fork(),
          _depth + 1
        ).ldelim()
      if (message.$unknowns != null && $Object.hasOwnProperty.call(message, '$unknowns'))
        for (let i = 0; i < message.$unknowns.length; ++i) writer.raw(message.$unknowns[i])
      return writer
    }

    /**
     * Decodes an ExportTraceServiceResponse message from the specified reader or buffer.
     * @function decode
     * @memberof otlp.ExportTraceServiceResponse
     * @static
     * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
     * @param {number} [length] Message length if known beforehand
     * @returns {otlp.ExportTraceServiceResponse & otlp.ExportTraceServiceResponse.$Shape} ExportTraceServiceResponse
     * @throws {Error} If the payload is not a reader or valid buffer
     * @throws {$protobuf.util.ProtocolError} If required fields are missing
     */
    ExportTraceServiceResponse.decode = function (reader, length, _end, _depth, _target) {
      if (!(reader instanceof $Reader)) reader = $Reader.create(reader)
      if (_depth === $undefined) _depth = 0
      if (_depth > $Reader.recursionLimit) throw $Error('max depth exceeded')
      let end, message, value
      if (length === $undefined) end = reader.len
      else {
        end = reader.pos + length
        if (end > reader.len) throw $RangeError('index out of range')
        length = reader.len
        reader.len = end
      }
      message = _target || new $root.otlp.ExportTraceServiceResponse()
      while (reader.pos < end) {
        let start = reader.pos
        let tag = reader.tag()
        if (tag === _end) {
          _end = $undefined
          break
        }
        let wireType = tag & 7
        switch ((tag >>>= 3)) {
          case 1: {
            if (wireType !== 2) break
            message.partialSuccess = $root.otlp.ExportTracePartialSuccess.decode(
              reader,
              reader.size(),
              $undefined,
              _depth + 1,
              message.partialSuccess
            )
            continue
          }
        }
        reader.skipType(wireType, _depth, tag)
        if (!reader.discardUnknown) {
          $util.makeProp(message, '$unknowns', false)
          ;(message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos))
        }
      }
      if (length !== $undefined) {
        if (reader.pos !== end) throw $RangeError('index out of range')
        reader.len = length
      }
      if (_end !== $undefined) throw $Error('missing end group')
      return message
    }

    return ExportTraceServiceResponse
  })()

  otlp.ExportTracePartialSuccess = (function () {
    /**
     * Properties of an ExportTracePartialSuccess.
     * @typedef {Object} otlp.ExportTracePartialSuccess.$Properties
     * @property {number|Long|null} [rejectedSpans] ExportTracePartialSuccess rejectedSpans
     * @property {string|null} [errorMessage] ExportTracePartialSuccess errorMessage
     * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
     */

    /**
     * Properties of an ExportTracePartialSuccess.
     * @memberof otlp
     * @interface IExportTracePartialSuccess
     * @augments otlp.ExportTracePartialSuccess.$Properties
     * @deprecated Use otlp.ExportTracePartialSuccess.$Properties instead.
     */

    /**
     * Shape of an ExportTracePartialSuccess.
     * @typedef {otlp.ExportTracePartialSuccess.$Properties} otlp.ExportTracePartialSuccess.$Shape
     */

    /**
     * Constructs a new ExportTracePartialSuccess.
     * @memberof otlp
     * @classdesc Represents an ExportTracePartialSuccess.
     * @constructor
     * @param {otlp.ExportTracePartialSuccess.$Properties=} [properties] Properties to set
     * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
     */
    const ExportTracePartialSuccess = function (properties) {
      if (properties)
        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
          if (properties[keys[i]] != null && keys[i] !== '__proto__')
            this[keys[i]] = properties[keys[i]]
    }

    /**
     * ExportTracePartialSuccess rejectedSpans.
     * @member {number|Long} rejectedSpans
     * @memberof otlp.ExportTracePartialSuccess
     * @instance
     */
    ExportTracePartialSuccess.prototype.rejectedSpans = $util.Long
      ? $util.Long.fromBits(0, 0, false)
      : 0

    /**
     * ExportTracePartialSuccess errorMessage.
     * @member {string} errorMessage
     * @memberof otlp.ExportTracePartialSuccess
     * @instance
     */
    ExportTracePartialSuccess.prototype.errorMessage = ''

    /**
     * Encodes the specified ExportTracePartialSuccess message. Does not implicitly {@link otlp.ExportTracePartialSuccess.verify|verify} messages.
     * @function encode
     * @memberof otlp.ExportTracePartialSuccess
     * @static
     * @param {otlp.ExportTracePartialSuccess.$Properties} message ExportTracePartialSuccess message or plain object to encode
     * @param {$protobuf.Writer} [writer] Writer to encode to
     * @returns {$protobuf.Writer} Writer
     */
    ExportTracePartialSuccess.encode = function (message, writer, _depth) {
      if (!writer) writer = $Writer.create()
      if (_depth === $undefined) _depth = 0
      if (_depth > $util.recursionLimit) throw $Error('max depth exceeded')
      if (
        message.rejectedSpans != null &&
        $Object.hasOwnProperty.call(message, 'rejectedSpans') &&
        (typeof message.rejectedSpans === 'object'
          ? message.rejectedSpans.low || message.rejectedSpans.high
          : message.rejectedSpans !== 0)
      )
        writer.uint32(/* id 1, wireType 0 =*/ 8).int64(message.rejectedSpans)
      if (
        message.errorMessage != null &&
        $Object.hasOwnProperty.call(message, 'errorMessage') &&
        message.errorMessage !== ''
      )
        writer.uint32(/* id 2, wireType 2 =*/ 18).string(message.errorMessage)
      if (message.$unknowns != null && $Object.hasOwnProperty.call(message, '$unknowns'))
        for (let i = 0; i < message.$unknowns.length; ++i) writer.raw(message.$unknowns[i])
      return writer
    }

    /**
     * Decodes an ExportTracePartialSuccess message from the specified reader or buffer.
     * @function decode
     * @memberof otlp.ExportTracePartialSuccess
     * @static
     * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
     * @param {number} [length] Message length if known beforehand
     * @returns {otlp.ExportTracePartialSuccess & otlp.ExportTracePartialSuccess.$Shape} ExportTracePartialSuccess
     * @throws {Error} If the payload is not a reader or valid buffer
     * @throws {$protobuf.util.ProtocolError} If required fields are missing
     */
    ExportTracePartialSuccess.decode = function (reader, length, _end, _depth, _target) {
      if (!(reader instanceof $Reader)) reader = $Reader.create(reader)
      if (_depth === $undefined) _depth = 0
      if (_depth > $Reader.recursionLimit) throw $Error('max depth exceeded')
      let end, message, value
      if (length === $undefined) end = reader.len
      else {
        end = reader.pos + length
        if (end > reader.len) throw $RangeError('index out of range')
        length = reader.len
        reader.len = end
      }
      message = _target || new $root.otlp.ExportTracePartialSuccess()
      while (reader.pos < end) {
        let start = reader.pos
        let tag = reader.tag()
        if (tag === _end) {
          _end = $undefined
          break
        }
        let wireType = tag & 7
        switch ((tag >>>= 3)) {
          case 1: {
            if (wireType !== 0) break
            if (
              typeof (value = reader.int64()) === 'object' ? value.low || value.high : value !== 0
            )
              message.rejectedSpans = value
            else delete message.rejectedSpans
            continue
          }
          case 2: {
            if (wireType !== 2) break
            if ((value = reader.stringVerify()).length) message.errorMessage = value
            else delete message.errorMessage
            continue
          }
        }
        reader.skipType(wireType, _depth, tag)
        if (!reader.discardUnknown) {
          $util.makeProp(message, '$unknowns', false)
          ;(message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos))
        }
      }
      if (length !== $undefined) {
        if (reader.pos !== end) throw $RangeError('index out of range')
        reader.len = length
      }
      if (_end !== $undefined) throw $Error('missing end group')
      return message
    }

    return ExportTracePartialSuccess
  })()

  otlp.ExportMetricsServiceRequest = (function () {
    /**
     * Properties of an ExportMetricsServiceRequest.
     * @typedef {Object} otlp.ExportMetricsServiceRequest.$Properties
     * @property {Array.<otlp.ResourceMetrics.$Properties>|null} [resourceMetrics] ExportMetricsServiceRequest resourceMetrics
     * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
     */

    /**
     * Properties of an ExportMetricsServiceRequest.
     * @memberof otlp
     * @interface IExportMetricsServiceRequest
     * @augments otlp.ExportMetricsServiceRequest.$Properties
     * @deprecated Use otlp.ExportMetricsServiceRequest.$Properties instead.
     */

    /**
     * Shape of an ExportMetricsServiceRequest.
     * @typedef {{
     *   resourceMetrics?: Array.<otlp.ResourceMetrics.$Shape>|null;
     *   $unknowns?: Array.<Uint8Array>;
     * }} otlp.ExportMetricsServiceRequest.$Shape
     */

    /**
     * Constructs a new ExportMetricsServiceRequest.
     * @memberof otlp
     * @classdesc Represents an ExportMetricsServiceRequest.
     * @constructor
     * @param {otlp.ExportMetricsServiceRequest.$Properties=} [properties] Properties to set
     * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
     */
    const ExportMetricsServiceRequest = function (properties) {
      this.resourceMetrics = []
      if (properties)
        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
          if (properties[keys[i]] != null && keys[i] !== '__proto__')
            this[keys[i]] = properties[keys[i]]
    }

    /**
     * ExportMetricsServiceRequest resourceMetrics.
     * @member {Array.<otlp.ResourceMetrics.$Properties>} resourceMetrics
     * @memberof otlp.ExportMetricsServiceRequest
     * @instance
     */
    ExportMetricsServiceRequest.prototype.resourceMetrics = $util.emptyArray

    /**
     * Encodes the specified ExportMetricsServiceRequest message. Does not implicitly {@link otlp.ExportMetricsServiceRequest.verify|verify} messages.
     * @function encode
     * @memberof otlp.ExportMetricsServiceRequest
     * @static
     * @param {otlp.ExportMetricsServiceRequest.$Properties} message ExportMetricsServiceRequest message or plain object to encode
     * @param {$protobuf.Writer} [writer] Writer to encode to
     * @returns {$protobuf.Writer} Writer
     */
    ExportMetricsServiceRequest.encode = function (message, writer, _depth) {
      if (!writer) writer = $Writer.create()
      if (_depth === $undefined) _depth = 0
      if (_depth > $util.recursionLimit) throw $Error('max depth exceeded')
      if (message.resourceMetrics != null && message.resourceMetrics.length)
        for (let i = 0; i < message.resourceMetrics.length; ++i)
          $root.otlp.ResourceMetrics.encode(
            message.resourceMetrics[i],
            writer.uint32(/* id 1, wireType 2 =*/ 10).fork(),
            _depth + 1
          ).ldelim()
      if (message.$unknowns != null && $Object.hasOwnProperty.call(message, '$unknowns'))
        for (let i = 0; i < message.$unknowns.length; ++i) writer.raw(message.$unknowns[i])
      return writer
    }

    /**
     * Decodes an ExportMetricsServiceRequest message from the specified reader or buffer.
     * @function decode
     * @memberof otlp.ExportMetricsServiceRequest
     * @static
     * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
     * @param {number} [length] Message length if known beforehand
     * @returns {otlp.ExportMetricsServiceRequest & otlp.ExportMetricsServiceRequest.$Shape} ExportMetricsServiceRequest
     * @throws {Error} If the payload is not a reader or valid buffer
     * @throws {$protobuf.util.ProtocolError} If required fields are missing
     */
    ExportMetricsServiceRequest.decode = function (reader, length, _end, _depth, _target) {
      if (!(reader instanceof $Reader)) reader = $Reader.create(reader)
      if (_depth === $undefined) _depth = 0
      if (_depth > $Reader.recursionLimit) throw $Error('max depth exceeded')
      let end, message
      if (length === $undefined) end = reader.len
      else {
        end = reader.pos + length
        if (end > reader.len) throw $RangeError('index out of range')
        length = reader.len
        reader.len = end
      }
      message = _target || new $root.otlp.ExportMetricsServiceRequest()
      while (reader.pos < end) {
        let start = reader.pos
        let tag = reader.tag()
        if (tag === _end) {
          _end = $undefined
          break
        }
        let wireType = tag & 7
        switch ((tag >>>= 3)) {
          case 1: {
            if (wireType !== 2) break
            if (!(message.resourceMetrics && message.resourceMetrics.length))
              message.resourceMetrics = []
            message.resourceMetrics.push(
              $root.otlp.ResourceMetrics.decode(reader, reader.size(), $undefined, _depth + 1)
            )
            continue
          }
        }
        reader.skipType(wireType, _depth, tag)
        if (!reader.discardUnknown) {
          $util.makeProp(message, '$unknowns', false)
          ;(message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos))
        }
      }
      if (length !== $undefined) {
        if (reader.pos !== end) throw $RangeError('index out of range')
        reader.len = length
      }
      if (_end !== $undefined) throw $Error('missing end group')
      return message
    }

    return ExportMetricsServiceRequest
  })()

  otlp.ExportMetricsServiceResponse = (function () {
    /**
     * Properties of an ExportMetricsServiceResponse.
     * @typedef {Object} otlp.ExportMetricsServiceResponse.$Properties
     * @property {otlp.ExportMetricsPartialSuccess.$Properties|null} [partialSuccess] ExportMetricsServiceResponse partialSuccess
     * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
     */

    /**
     * Properties of an ExportMetricsServiceResponse.
     * @memberof otlp
     * @interface IExportMetricsServiceResponse
     * @augments otlp.ExportMetricsServiceResponse.$Properties
     * @deprecated Use otlp.ExportMetricsServiceResponse.$Properties instead.
     */

    /**
     * Shape of an ExportMetricsServiceResponse.
     * @typedef {otlp.ExportMetricsServiceResponse.$Properties} otlp.ExportMetricsServiceResponse.$Shape
     */

    /**
     * Constructs a new ExportMetricsServiceResponse.
     * @memberof otlp
     * @classdesc Represents an ExportMetricsServiceResponse.
     * @constructor
     * @param {otlp.ExportMetricsServiceResponse.$Properties=} [properties] Properties to set
     * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
     */
    const ExportMetricsServiceResponse = function (properties) {
      if (properties)
        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
          if (properties[keys[i]] != null && keys[i] !== '__proto__')
            this[keys[i]] = properties[keys[i]]
    }

    /**
     * ExportMetricsServiceResponse partialSuccess.
     * @member {otlp.ExportMetricsPartialSuccess.$Properties|null|undefined} partialSuccess
     * @memberof otlp.ExportMetricsServiceResponse
     * @instance
     */
    ExportMetricsServiceResponse.prototype.partialSuccess = null

    /**
     * Encodes the specified ExportMetricsServiceResponse message. Does not implicitly {@link otlp.ExportMetricsServiceResponse.verify|verify} messages.
     * @function encode
     * @memberof otlp.ExportMetricsServiceResponse
     * @static
     * @param {otlp.ExportMetricsServiceResponse.$Properties} message ExportMetricsServiceResponse message or plain object to encode
     * @param {$protobuf.Writer} [writer] Writer to encode to
     * @returns {$protobuf.Writer} Writer
     */
    ExportMetricsServiceResponse.encode = function (message, writer, _depth) {
      if (!writer) writer = $Writer.create()
      if (_depth === $undefined) _depth = 0
      if (_depth > $util.recursionLimit) throw $Error('max depth exceeded')
      if (message.partialSuccess != null && $Object.hasOwnProperty.call(message, 'partialSuccess'))
        $root.otlp.ExportMetricsPartialSuccess.encode(
          message.partialSuccess,
          writer.uint32(/* id 1, wireType 2 =*/ 10).fork(),
          _depth + 1
        ).ldelim()
      if (message.$unknowns != null && $Object.hasOwnProperty.call(message, '$unknowns'))
        for (let i = 0; i < message.$unknowns.length; ++i) writer.raw(message.$unknowns[i])
      return writer
    }

    /**
     * Decodes an ExportMetricsServiceResponse message from the specified reader or buffer.
     * @function decode
     * @memberof otlp.ExportMetricsServiceResponse
     * @static
     * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
     * @param {number} [length] Message length if known beforehand
     * @returns {otlp.ExportMetricsServiceResponse & otlp.ExportMetricsServiceResponse.$Shape} ExportMetricsServiceResponse
     * @throws {Error} If the payload is not a reader or valid buffer
     * @throws {$protobuf.util.ProtocolError} If required fields are missing
     */
    ExportMetricsServiceResponse.decode = function (reader, length, _end, _depth, _target) {
      if (!(reader instanceof $Reader)) reader = $Reader.create(reader)
      if (_depth === $undefined) _depth = 0
      if (_depth > $Reader.recursionLimit) throw $Error('max depth exceeded')
      let end, message, value
      if (length === $undefined) end = reader.len
      else {
        end = reader.pos + length
        if (end > reader.len) throw $RangeError('index out of range')
        length = reader.len
        reader.len = end
      }
      message = _target || new $root.otlp.ExportMetricsServiceResponse()
      while (reader.pos < end) {
        let start = reader.pos
        let tag = reader.tag()
        if (tag === _end) {
          _end = $undefined
          break
        }
        let wireType = tag & 7
        switch ((tag >>>= 3)) {
          case 1: {
            if (wireType !== 2) break
            message.partialSuccess = $root.otlp.ExportMetricsPartialSuccess.decode(
              reader,
              reader.size(),
              $undefined,
              _depth + 1,
              message.partialSuccess
            )
            continue
          }
        }
        reader.skipType(wireType, _depth, tag)
        if (!reader.discardUnknown) {
          $util.makeProp(message, '$unknowns', false)
          ;(message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos))
        }
      }
      if (length !== $undefined) {
        if (reader.pos !== end) throw $RangeError('index out of range')
        reader.len = length
      }
      if (_end !== $undefined) throw $Error('missing end group')
      return message
    }

    return ExportMetricsServiceResponse
  })()

  otlp.ExportMetricsPartialSuccess = (function () {
    /**
     * Properties of an ExportMetricsPartialSuccess.
     * @typedef {Object} otlp.ExportMetricsPartialSuccess.$Properties
     * @property {number|Long|null} [rejectedDataPoints] ExportMetricsPartialSuccess rejectedDataPoints
     * @property {string|null} [errorMessage] ExportMetricsPartialSuccess errorMessage
     * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
     */

    /**
     * Properties of an ExportMetricsPartialSuccess.
     * @memberof otlp
     * @interface IExportMetricsPartialSuccess
     * @augments otlp.ExportMetricsPartialSuccess.$Properties
     * @deprecated Use otlp.ExportMetricsPartialSuccess.$Properties instead.
     */

    /**
     * Shape of an ExportMetricsPartialSuccess.
     * @typedef {otlp.ExportMetricsPartialSuccess.$Properties} otlp.ExportMetricsPartialSuccess.$Shape
     */

    /**
     * Constructs a new ExportMetricsPartialSuccess.
     * @memberof otlp
     * @classdesc Represents an ExportMetricsPartialSuccess.
     * @constructor
     * @param {otlp.ExportMetricsPartialSuccess.$Properties=} [properties] Properties to set
     * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
     */
    const ExportMetricsPartialSuccess = function (properties) {
      if (properties)
        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
          if (properties[keys[i]] != null && keys[i] !== '__proto__')
            this[keys[i]] = properties[keys[i]]
    }

    /**
     * ExportMetricsPartialSuccess rejectedDataPoints.
     * @member {number|Long} rejectedDataPoints
     * @memberof otlp.ExportMetricsPartialSuccess
     * @instance
     */
    ExportMetricsPartialSuccess.prototype.rejectedDataPoints = $util.Long
      ? $util.Long.fromBits(0, 0, false)
      : 0

    /**
     * ExportMetricsPartialSuccess errorMessage.
     * @member {string} errorMessage
     * @memberof otlp.ExportMetricsPartialSuccess
     * @instance
     */
    ExportMetricsPartialSuccess.prototype.errorMessage = ''

    /**
     * Encodes the specified ExportMetricsPartialSuccess message. Does not implicitly {@link otlp.ExportMetricsPartialSuccess.verify|verify} messages.
     * @function encode
     * @memberof otlp.ExportMetricsPartialSuccess
     * @static
     * @param {otlp.ExportMetricsPartialSuccess.$Properties} message ExportMetricsPartialSuccess message or plain object to encode
     * @param {$protobuf.Writer} [writer] Writer to encode to
     * @returns {$protobuf.Writer} Writer
     */
    ExportMetricsPartialSuccess.encode = function (message, writer, _depth) {
      if (!writer) writer = $Writer.create()
      if (_depth === $undefined) _depth = 0
      if (_depth > $util.recursionLimit) throw $Error('max depth exceeded')
      if (
        message.rejectedDataPoints != null &&
        $Object.hasOwnProperty.call(message, 'rejectedDataPoints') &&
        (typeof message.rejectedDataPoints === 'object'
          ? message.rejectedDataPoints.low || message.rejectedDataPoints.high
          : message.rejectedDataPoints !== 0)
      )
        writer.uint32(/* id 1, wireType 0 =*/ 8).int64(message.rejectedDataPoints)
      if (
        message.errorMessage != null &&
        $Object.hasOwnProperty.call(message, 'errorMessage') &&
        message.errorMessage !== ''
      )
        writer.uint32(/* id 2, wireType 2 =*/ 18).string(message.errorMessage)
      if (message.$unknowns != null && $Object.hasOwnProperty.call(message, '$unknowns'))
        for (let i = 0; i < message.$unknowns.length; ++i) writer.raw(message.$unknowns[i])
      return writer
    }

    /**
     * Decodes an ExportMetricsPartialSuccess message from the specified reader or buffer.
     * @function decode
     * @memberof otlp.ExportMetricsPartialSuccess
     * @static
     * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
     * @param {number} [length] Message length if known beforehand
     * @returns {otlp.ExportMetricsPartialSuccess & otlp.ExportMetricsPartialSuccess.$Shape} ExportMetricsPartialSuccess
     * @throws {Error} If the payload is not a reader or valid buffer
     * @throws {$protobuf.util.ProtocolError} If required fields are missing
     */
    ExportMetricsPartialSuccess.decode = function (reader, length, _end, _depth, _target) {
      if (!(reader instanceof $Reader)) reader = $Reader.create(reader)
      if (_depth === $undefined) _depth = 0
      if (_depth > $Reader.recursionLimit) throw $Error('max depth exceeded')
      let end, message, value
      if (length === $undefined) end = reader.len
      else {
        end = reader.pos + length
        if (end > reader.len) throw $RangeError('index out of range')
        length = reader.len
        reader.len = end
      }
      message = _target || new $root.otlp.ExportMetricsPartialSuccess()
      while (reader.pos < end) {
        let start = reader.pos
        let tag = reader.tag()
        if (tag === _end) {
          _end = $undefined
          break
        }
        let wireType = tag & 7
        switch ((tag >>>= 3)) {
          case 1: {
            if (wireType !== 0) break
            if (
              typeof (value = reader.int64()) === 'object' ? value.low || value.high : value !== 0
            )
              message.rejectedDataPoints = value
            else delete message.rejectedDataPoints
            continue
          }
          case 2: {
            if (wireType !== 2) break
            if ((value = reader.stringVerify()).length) message.errorMessage = value
            else delete message.errorMessage
            continue
          }
        }
        reader.skipType(wireType, _depth, tag)
        if (!reader.discardUnknown) {
          $util.makeProp(message, '$unknowns', false)
          ;(message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos))
        }
      }
      if (length !== $undefined) {
        if (reader.pos !== end) throw $RangeError('index out of range')
        reader.len = length
      }
      if (_end !== $undefined) throw $Error('missing end group')
      return message
    }

    return ExportMetricsPartialSuccess
  })()

  otlp.RpcStatus = (function () {
    /**
     * Properties of a RpcStatus.
     * @typedef {Object} otlp.RpcStatus.$Properties
     * @property {number|null} [code] RpcStatus code
     * @property {string|null} [message] RpcStatus message
     * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
     */

    /**
     * Properties of a RpcStatus.
     * @memberof otlp
     * @interface IRpcStatus
     * @augments otlp.RpcStatus.$Properties
     * @deprecated Use otlp.RpcStatus.$Properties instead.
     */

    /**
     * Shape of a RpcStatus.
     * @typedef {otlp.RpcStatus.$Properties} otlp.RpcStatus.$Shape
     */

    /**
     * Constructs a new RpcStatus.
     * @memberof otlp
     * @classdesc Represents a RpcStatus.
     * @constructor
     * @param {otlp.RpcStatus.$Properties=} [properties] Properties to set
     * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
     */
    const RpcStatus = function (properties) {
      if (properties)
        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
          if (properties[keys[i]] != null && keys[i] !== '__proto__')
            this[keys[i]] = properties[keys[i]]
    }

    /**
     * RpcStatus code.
     * @member {number} code
     * @memberof otlp.RpcStatus
     * @instance
     */
    RpcStatus.prototype.code = 0

    /**
     * RpcStatus message.
     * @member {string} message
     * @memberof otlp.RpcStatus
     * @instance
     */
    RpcStatus.prototype.message = ''

    /**
     * Encodes the specified RpcStatus message. Does not implicitly {@link otlp.RpcStatus.verify|verify} messages.
     * @function encode
     * @memberof otlp.RpcStatus
     * @static
     * @param {otlp.RpcStatus.$Properties} message RpcStatus message or plain object to encode
     * @param {$protobuf.Writer} [writer] Writer to encode to
     * @returns {$protobuf.Writer} Writer
     */
    RpcStatus.encode = function (message, writer, _depth) {
      if (!writer) writer = $Writer.create()
      if (_depth === $undefined) _depth = 0
      if (_depth > $util.recursionLimit) throw $Error('max depth exceeded')
      if (
        message.code != null &&
        $Object.hasOwnProperty.call(message, 'code') &&
        message.code !== 0
      )
        writer.uint32(/* id 1, wireType 0 =*/ 8).int32(message.code)
      if (
        message.message != null &&
        $Object.hasOwnProperty.call(message, 'message') &&
        message.message !== ''
      )
        writer.uint32(/* id 2, wireType 2 =*/ 18).string(message.message)
      if (message.$unknowns != null && $Object.hasOwnProperty.call(message, '$unknowns'))
        for (let i = 0; i < message.$unknowns.length; ++i) writer.raw(message.$unknowns[i])
      return writer
    }

    /**
     * Decodes a RpcStatus message from the specified reader or buffer.
     * @function decode
     * @memberof otlp.RpcStatus
     * @static
     * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
     * @param {number} [length] Message length if known beforehand
     * @returns {otlp.RpcStatus & otlp.RpcStatus.$Shape} RpcStatus
     * @throws {Error} If the payload is not a reader or valid buffer
     * @throws {$protobuf.util.ProtocolError} If required fields are missing
     */
    RpcStatus.decode = function (reader, length, _end, _depth, _target) {
      if (!(reader instanceof $Reader)) reader = $Reader.create(reader)
      if (_depth === $undefined) _depth = 0
      if (_depth > $Reader.recursionLimit) throw $Error('max depth exceeded')
      let end, message, value
      if (length === $undefined) end = reader.len
      else {
        end = reader.pos + length
        if (end > reader.len) throw $RangeError('index out of range')
        length = reader.len
        reader.len = end
      }
      message = _target || new $root.otlp.RpcStatus()
      while (reader.pos < end) {
        let start = reader.pos
        let tag = reader.tag()
        if (tag === _end) {
          _end = $undefined
          break
        }
        let wireType = tag & 7
        switch ((tag >>>= 3)) {
          case 1: {
            if (wireType !== 0) break
            if ((value = reader.int32())) message.code = value
            else delete message.code
            continue
          }
          case 2: {
            if (wireType !== 2) break
            if ((value = reader.stringVerify()).length) message.message = value
            else delete message.message
            continue
          }
        }
        reader.skipType(wireType, _depth, tag)
        if (!reader.discardUnknown) {
          $util.makeProp(message, '$unknowns', false)
          ;(message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos))
        }
      }
      if (length !== $undefined) {
        if (reader.pos !== end) throw $RangeError('index out of range')
        reader.len = length
      }
      if (_end !== $undefined) throw $Error('missing end group')
      return message
    }

    return RpcStatus
  })()

  return otlp
})())

export { $root as default }
