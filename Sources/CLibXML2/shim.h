#ifndef NINEFOLD_CLIBXML2_SHIM_H
#define NINEFOLD_CLIBXML2_SHIM_H
// Debian builds libxml2 with ICU, and its headers then include ICU's, which clash with the
// copy of ICU inside Foundation. Ninefold never uses libxml2's ICU converters (documents
// must be UTF-8), so hide that part of the headers.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlschemas.h>
#include <libxml/HTMLparser.h>
#endif
