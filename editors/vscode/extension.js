// The nus extension: the language server `nus lsp` for .nus files (diagnostics, hover, completion, definition,
// outline, formatting). Highlighting comes from syntaxes/nus.tmLanguage.json, with no server needed.
"use strict";

const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const [command, ...args] = vscode.workspace.getConfiguration("nus").get("server.command", ["nus", "lsp"]);
  client = new LanguageClient(
    "nus",
    "nus language server",
    { command, args },
    { documentSelector: [{ scheme: "file", language: "nus" }, { scheme: "untitled", language: "nus" }] }
  );
  context.subscriptions.push(client);
  return client.start().catch((error) => {
    vscode.window.showErrorMessage(
      `nus: could not start \`${[command, ...args].join(" ")}\` (${error.message}). ` +
        'Install nus (README\'s first command), or set "nus.server.command" to the nus of your virtual environment.'
    );
  });
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
