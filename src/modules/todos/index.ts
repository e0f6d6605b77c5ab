/** The todos module's public API: what other modules, the inbound path, the HTTP routes, the jobs and ops may use. */
export { createTodo, deleteTodo, importTodos, listTodos, updateTodo } from "./service";
