export const brand = "Inkwell";
