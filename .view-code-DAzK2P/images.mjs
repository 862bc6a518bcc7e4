import OpenAI from 'openai';

const client = new OpenAI({ baseURL: "http://127.0.0.1:36087/v1", apiKey: process.env.GATEWAY_API_KEY });

const result = await client.images.generate({
  "model": "sandbox-image-1",
  "prompt": "a lighthouse",
  "n": 1,
  "size": "256x256",
  "response_format": "b64_json"
});
for (const image of result.data ?? []) console.log(image.url ?? `${image.b64_json?.length ?? 0} base64 characters`);