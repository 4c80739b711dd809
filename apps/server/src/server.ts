import { runServer } from './main';

// What `npm start` runs: the server with every default (see main.ts).
await runServer();
