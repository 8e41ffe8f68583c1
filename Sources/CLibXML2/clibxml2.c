#include "clibxml2.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define LX_LIBRARY "libxml2.so.2"
#define LX_FUNCTIONS(X) \
    X(xmlInitParser) X(xmlCreatePushParserCtxt) X(xmlParseChunk) X(xmlCtxtResetPush) X(xmlCtxtUseOptions) \
    X(xmlStopParser) X(xmlFreeParserCtxt) X(xmlFreeDoc) X(xmlSetStructuredErrorFunc) X(xmlSetGenericErrorFunc) \
    X(htmlReadMemory) X(htmlEntityLookup) X(xmlSAX2StartDocument) X(xmlSAX2InternalSubset) X(xmlSAX2GetEntity) \
    X(xmlSAX2EntityDecl) X(xmlNewDoc) X(xmlCreateIntSubset) X(xmlGetDocEntity) X(xmlAddDocEntity) \
    X(xmlDocGetRootElement) X(xmlNodeListGetString)

#define LX_FIELD(name) __typeof__(name) *name;
static struct {
    LX_FUNCTIONS(LX_FIELD)
    xmlFreeFunc *free;  /* the library's xmlFree, a variable holding the deallocator */
} api;

static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    void *library = dlopen(LX_LIBRARY, RTLD_NOW | RTLD_LOCAL);
    const char *missing = NULL;
    if (library == NULL) {
        missing = dlerror();
    } else {
#define LX_RESOLVE(name) \
        if (missing == NULL && (api.name = (__typeof__(name) *)dlsym(library, #name)) == NULL) missing = "a function lector needs (" #name ") is missing";
        LX_FUNCTIONS(LX_RESOLVE)
#undef LX_RESOLVE
        if (missing == NULL && (api.free = (xmlFreeFunc *)dlsym(library, "xmlFree")) == NULL) missing = "xmlFree is missing";
    }
    if (missing != NULL) {
        fprintf(stderr, "lector: parsing needs libxml2, which could not be loaded (%s): install it with `apt-get install libxml2`\n",
                missing);
        exit(1);
    }
}

#define LX_READY() pthread_once(&once, load)

void lx_xmlInitParser(void) { LX_READY(); api.xmlInitParser(); }
xmlParserCtxtPtr lx_xmlCreatePushParserCtxt(xmlSAXHandlerPtr sax, void *user_data, const char *chunk, int size, const char *filename) {
    LX_READY();
    return api.xmlCreatePushParserCtxt(sax, user_data, chunk, size, filename);
}
int lx_xmlParseChunk(xmlParserCtxtPtr ctxt, const char *chunk, int size, int terminate) {
    LX_READY();
    return api.xmlParseChunk(ctxt, chunk, size, terminate);
}
int lx_xmlCtxtResetPush(xmlParserCtxtPtr ctxt, const char *chunk, int size, const char *filename, const char *encoding) {
    LX_READY();
    return api.xmlCtxtResetPush(ctxt, chunk, size, filename, encoding);
}
int lx_xmlCtxtUseOptions(xmlParserCtxtPtr ctxt, int options) { LX_READY(); return api.xmlCtxtUseOptions(ctxt, options); }
void lx_xmlStopParser(xmlParserCtxtPtr ctxt) { LX_READY(); api.xmlStopParser(ctxt); }
void lx_xmlFreeParserCtxt(xmlParserCtxtPtr ctxt) { LX_READY(); api.xmlFreeParserCtxt(ctxt); }
void lx_xmlFreeDoc(xmlDocPtr doc) { LX_READY(); api.xmlFreeDoc(doc); }
void lx_xmlSetStructuredErrorFunc(void *ctx, xmlStructuredErrorFunc handler) { LX_READY(); api.xmlSetStructuredErrorFunc(ctx, handler); }
htmlDocPtr lx_htmlReadMemory(const char *buffer, int size, const char *url, const char *encoding, int options) {
    LX_READY();
    return api.htmlReadMemory(buffer, size, url, encoding, options);
}
const htmlEntityDesc *lx_htmlEntityLookup(const xmlChar *name) { LX_READY(); return api.htmlEntityLookup(name); }
void lx_xmlSAX2StartDocument(void *ctx) { LX_READY(); api.xmlSAX2StartDocument(ctx); }
void lx_xmlSAX2InternalSubset(void *ctx, const xmlChar *name, const xmlChar *externalID, const xmlChar *systemID) {
    LX_READY();
    api.xmlSAX2InternalSubset(ctx, name, externalID, systemID);
}
xmlEntityPtr lx_xmlSAX2GetEntity(void *ctx, const xmlChar *name) { LX_READY(); return api.xmlSAX2GetEntity(ctx, name); }
void lx_xmlSAX2EntityDecl(void *ctx, const xmlChar *name, int type, const xmlChar *publicId, const xmlChar *systemId, xmlChar *content) {
    LX_READY();
    api.xmlSAX2EntityDecl(ctx, name, type, publicId, systemId, content);
}
xmlDocPtr lx_xmlNewDoc(const xmlChar *version) { LX_READY(); return api.xmlNewDoc(version); }
xmlDtdPtr lx_xmlCreateIntSubset(xmlDocPtr doc, const xmlChar *name, const xmlChar *externalID, const xmlChar *systemID) {
    LX_READY();
    return api.xmlCreateIntSubset(doc, name, externalID, systemID);
}
xmlEntityPtr lx_xmlGetDocEntity(const xmlDoc *doc, const xmlChar *name) { LX_READY(); return api.xmlGetDocEntity(doc, name); }
xmlEntityPtr lx_xmlAddDocEntity(xmlDocPtr doc, const xmlChar *name, int type, const xmlChar *externalID,
                                const xmlChar *systemID, const xmlChar *content) {
    LX_READY();
    return api.xmlAddDocEntity(doc, name, type, externalID, systemID, content);
}
xmlNodePtr lx_xmlDocGetRootElement(const xmlDoc *doc) { LX_READY(); return api.xmlDocGetRootElement(doc); }

static void ignore_generic_error(void *ctx, const char *msg, ...) {
    (void)ctx;
    (void)msg;
}

void lector_xml_silence_generic_errors(int silence) {
    LX_READY();
    api.xmlSetGenericErrorFunc(NULL, silence ? ignore_generic_error : NULL);
}

char *lector_xml_attribute_value(const xmlAttr *attribute) {
    LX_READY();
    return (char *)api.xmlNodeListGetString(attribute->doc, attribute->children, 1);
}

void lector_xml_free(void *pointer) {
    LX_READY();
    (*api.free)(pointer);
}
