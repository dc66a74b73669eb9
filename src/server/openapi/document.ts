/**
 * The OpenAPI 3.1 document of `/api/*`, generated from {@link API_ROUTES} and their zod schemas
 * with zod's own JSON Schema output (draft 2020-12, the dialect OpenAPI 3.1 uses).
 */
import { z } from 'zod'
import { API_ROUTES, type ApiRoute } from './api-routes.js'

type JsonObject = Record<string, unknown>

/** A parameter's JSON Schema as a client sends it (before transforms), without `$schema`. */
function jsonSchemaOf(schema: z.ZodType): JsonObject {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
  }) as JsonObject
  return rest
}

const ERROR_SCHEMA = z.object({
  error: z.object({
    code: z.string().meta({ description: 'Stable error code, e.g. QUERY_INVALID.' }),
    message: z.string(),
  }),
})

const ERROR_ANSWERS: Record<string, string> = {
  '400': 'The request is invalid (a parameter, the body, or a limit of api.*).',
  '401': 'A bearer token is required, or the one given is not valid.',
  '403': "The token's scope does not allow this route.",
  '429': 'Overloaded; retry after Retry-After seconds.',
  '503': 'The store or the server is unavailable; retry after Retry-After seconds.',
}

/** `/api/requests/:traceId` → `/api/requests/{traceId}`. */
export function openApiPathOf(honoPath: string): string {
  return honoPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}')
}

function operationIdOf(route: ApiRoute): string {
  const words = route.path
    .replace(/^\/api\//, '')
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w !== '')
  return (
    route.method + words.map((w) => (w[0] ?? '').toUpperCase() + w.slice(1).toLowerCase()).join('')
  )
}

function operationOf(route: ApiRoute): JsonObject {
  const parameters: JsonObject[] = [
    ...Object.entries(route.pathParams ?? {}).map(([name, p]) => ({
      name,
      in: 'path',
      required: true,
      description: p.description,
      schema: jsonSchemaOf(p.schema),
    })),
    ...(route.query ?? []).map((p) => ({
      name: p.name,
      in: 'query',
      required: p.required ?? false,
      description: p.description,
      schema: p.repeatable
        ? { type: 'array', items: jsonSchemaOf(p.schema) }
        : jsonSchemaOf(p.schema),
      ...(p.repeatable ? { style: 'form', explode: true } : {}),
    })),
  ]
  const responses: JsonObject = {
    '200': {
      description: route.response.description,
      content: {
        [route.response.contentType]: {
          schema: route.response.schema === undefined ? {} : jsonSchemaOf(route.response.schema),
        },
      },
    },
  }
  for (const [status, description] of Object.entries(ERROR_ANSWERS)) {
    responses[status] = {
      description,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    }
  }
  return {
    operationId: operationIdOf(route),
    summary: route.summary,
    tags: [route.tag],
    ...(parameters.length === 0 ? {} : { parameters }),
    ...(route.body === undefined
      ? {}
      : {
          requestBody: {
            required: true,
            description: route.body.description,
            content: Object.fromEntries(
              route.body.contentTypes.map((t) => [t, { schema: { type: 'string' } }])
            ),
          },
        }),
    responses,
  }
}

/** The document served at `GET /api/openapi.json`. */
export function buildOpenApiDocument(version: string): JsonObject {
  const paths: Record<string, JsonObject> = {}
  for (const route of API_ROUTES) {
    const path = openApiPathOf(route.path)
    paths[path] = { ...paths[path], [route.method]: operationOf(route) }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Tokenline API',
      version,
      description:
        'Query API of a Tokenline server (docs/api.md). Without configured tokens no ' +
        'authentication is asked; with tokens, GET needs scope read and POST scope ingest.',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    security: [{}, { bearer: [] }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: { Error: jsonSchemaOf(ERROR_SCHEMA) },
    },
    paths,
  }
}
