// Package encode assembles x86 programs into machine code (with cloudwego/iasm); the checker never imports it.
package encode
