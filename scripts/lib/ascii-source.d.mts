export function asciiOnly(source: string): string;
