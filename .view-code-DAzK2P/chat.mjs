import OpenAI from 'openai';

const client = new OpenAI({ baseURL: "http://127.0.0.1:36087/v1", apiKey: process.env.GATEWAY_API_KEY });

const stream = await client.chat.completions.create({
  "model": "sandbox-chat-mini",
  "messages": [
    {
      "role": "user",
      "content": "Say 'hello' — with a quote"
    }
  ],
  "temperature": 0.2,
  "stream": true,
  "stream_options": {
    "include_usage": true
  },
  "seed": 7,
  "repetition_penalty": 1.1
});
for await (const chunk of stream) process.stdout.write(chunk.choices[0]?.delta?.content ?? "");
process.stdout.write("\n");