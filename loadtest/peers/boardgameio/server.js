'use strict';
// Counter Duel on a boardgame.io server (in-memory storage, its Lobby API for
// creating and joining matches, socket.io transport). Usage: node server.js --port P
const { Server } = require('boardgame.io/server');
const { CounterDuel } = require('./game.js');

const port = Number(process.argv[process.argv.indexOf('--port') + 1]);
const server = Server({ games: [CounterDuel] });
server.run(port, () => console.log(`boardgame.io counter duel on ${port}`));
