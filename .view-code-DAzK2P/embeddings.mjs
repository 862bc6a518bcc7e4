import OpenAI from 'openai';

const client = new OpenAI({ baseURL: "http://127.0.0.1:36087/v1", apiKey: process.env.GATEWAY_API_KEY });

const result = await client.embeddings.create({
  "model": "sandbox-embed-1",
  "input": [
    "one",
    "two"
  ],
  "encoding_format": "float"
});
for (const item of result.data) console.log(item.index, item.embedding.length, item.embedding.slice(0, 4));