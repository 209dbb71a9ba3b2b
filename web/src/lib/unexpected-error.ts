/**
 * What a failure the API did not explain says, in a module of its own: the order list shows
 * it too, and importing it from the form layer put zod and Mantine's form on its first screen.
 */
export const unexpectedErrorMessage = "保存できませんでした。時間をおいて再度お試しください。";
