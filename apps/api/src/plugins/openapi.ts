import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** OpenAPI 3.1 at /api/openapi.json, rendered at /api/docs. Every route sets an operationId. */
export async function registerOpenApi(app: FastifyInstance, appName: string) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: `${appName} API`, version: '1.0.0', description: 'Member and operator API. Money amounts are integers of minor units.' },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'orchard_session' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformStaticCSP: (header) => header,
    uiConfig: { deepLinking: false },
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
