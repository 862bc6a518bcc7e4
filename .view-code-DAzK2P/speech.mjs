import { writeFile } from 'node:fs/promises';
import OpenAI from 'openai';

const client = new OpenAI({ baseURL: "http://127.0.0.1:36087/v1", apiKey: process.env.GATEWAY_API_KEY });

const audio = await client.audio.speech.create({
  "model": "sandbox-tts-1",
  "input": "Hello there.",
  "voice": "alloy",
  "response_format": "wav",
  "speed": 1
});
await writeFile("speech.wav", Buffer.from(await audio.arrayBuffer()));
console.log("saved speech.wav");